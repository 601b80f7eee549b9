import { useState } from 'react';
import { LazyPiece } from '../../../components/ui/lazy-piece';
import { WhenNearViewport } from '../../../components/ui/when-near-viewport';
import { firstNeededByDay } from '../../../lib/calendar-day';
import { formatMediumDate } from '../../../lib/format';
import { lazyModule } from '../../../lib/lazy-module';
import { paths } from '../../../lib/paths';

const motoCalendar = lazyModule(() => import('./moto-calendar'));

interface OurMotoProps {
  /** The chosen "needed by" date; the home page holds it. */
  neededBy: Date | undefined;
  onNeededByChange: (date: Date | undefined) => void;
}

/** Same size as the calendar, so nothing jumps as it loads. */
function CalendarPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="rounded-box bg-base-300/60 mx-auto h-[19.125rem] w-[19.125rem] max-w-full animate-pulse"
    />
  );
}

/** "Our Moto": our promise, and a calendar to say when the parts are needed. */
export function OurMoto({ neededBy, onNeededByChange }: OurMotoProps) {
  // The shop's today, which the purchase form and the API accept too.
  const [firstDay] = useState(() => firstNeededByDay(new Date()));
  return (
    <section aria-labelledby="our-moto-title" className="py-16">
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 text-center">
        <h2 id="our-moto-title" className="text-3xl font-bold md:text-4xl">
          Our Moto
        </h2>
        <p className="text-primary text-xl font-semibold md:text-2xl">
          We believe in service. It is our duty to serve our customers on time.
        </p>
        <p className="text-base-content/80">
          Please pick the date when you need your parts. We deliver within 7 days of your order.
        </p>
        <div className="mt-2 flex justify-center">
          <WhenNearViewport placeholder={<CalendarPlaceholder />}>
            <LazyPiece
              module={motoCalendar}
              placeholder={<CalendarPlaceholder />}
              failedTitle="The calendar could not be loaded"
            >
              {({ default: MotoCalendar }) => (
                <MotoCalendar selected={neededBy} onSelect={onNeededByChange} firstDay={firstDay} />
              )}
            </LazyPiece>
          </WhenNearViewport>
        </div>
        <div role="status" className="min-h-12">
          {neededBy && (
            <p>
              Needed by <strong>{formatMediumDate(neededBy)}</strong>. Every “Order Now” now carries
              this date to your order.{' '}
              <a href={`#${paths.ourToolsAnchor}`} className="link link-primary">
                Choose your tools
              </a>
              <button
                type="button"
                className="btn btn-link btn-sm"
                onClick={() => onNeededByChange(undefined)}
              >
                Clear the date
              </button>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
