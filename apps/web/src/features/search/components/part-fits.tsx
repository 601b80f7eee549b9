import type { LaptopModel, LaptopRef, Part, Tool } from '@shop/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LineIcon } from '../../../components/ui/line-icon';
import { ApiError } from '../../../lib/api-client';
import { useToolFits } from '../../../lib/get-tool-fits';
import { paths } from '../../../lib/paths';
import { fitsSummary, fitsSummaryOf } from '../utils/search-text';

const toRef = ({ slug, name, brand }: LaptopModel): LaptopRef => ({
  slug,
  name,
  brand: brand.name,
});

/** The laptops as links to their pages. */
function ModelLinks({ models }: { models: readonly LaptopRef[] }) {
  return (
    <ul className="mt-1 flex flex-col gap-0.5">
      {models.map((model) => (
        <li key={model.slug}>
          <Link
            to={paths.laptop(model.slug)}
            className="link link-hover text-primary inline-flex min-h-6 items-center"
          >
            {model.brand} {model.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function LoadingModels() {
  return (
    <p role="status" className="text-base-content/70 mt-1 flex items-center gap-2">
      <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      Loading the laptops…
    </p>
  );
}

function ModelsNotLoaded({ onRetry }: { onRetry: () => void }) {
  return (
    <p role="alert" className="mt-1 text-red-700">
      The laptops could not be loaded.{' '}
      <button
        type="button"
        className="btn btn-link btn-xs h-auto min-h-0 px-0 align-baseline"
        onClick={onRetry}
      >
        Try again
      </button>
    </p>
  );
}

/** What a card knows of a part's laptops: the search's count and first few. */
type PartWithFits = Pick<Part, '_id' | 'name' | 'fits'>;

/** Every model the part fits, asked for when the card's list opens. */
function AllModels({ part }: { part: PartWithFits }) {
  const fits = useToolFits(part._id);
  if (fits.isPending) return <LoadingModels />;
  // A part removed since the card was shown (404): the card lists the models it already names.
  if (fits.isError && fits.error instanceof ApiError && fits.error.status === 404) {
    return <ModelLinks models={part.fits.models} />;
  }
  if (fits.isError) return <ModelsNotLoaded onRetry={() => void fits.refetch()} />;
  return <ModelLinks models={fits.data.map(toRef)} />;
}

/**
 * A card's "Fits ThinkPad T480, T470 and 3 more": "3 more" opens the whole list below it,
 * fetched only then (`GET /api/tools/{id}/fits`).
 */
export function PartFits({ part }: { part: PartWithFits }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const summary = fitsSummary(part.fits);
  if (!summary) return null;
  return (
    <div className="text-xs sm:text-sm">
      <p>
        {summary.text}
        {summary.more > 0 && (
          <>
            {' and '}
            <button
              type="button"
              className="link link-primary font-medium"
              aria-expanded={open}
              aria-controls={listId}
              aria-label={`${summary.more} more laptops: every laptop ${part.name} fits`}
              onClick={() => setOpen(!open)}
            >
              {summary.more} more
            </button>
          </>
        )}
      </p>
      <div id={listId} hidden={!open}>
        {open && <AllModels part={part} />}
      </div>
    </div>
  );
}

/**
 * A part's own page (the purchase page) says what it fits as its card does, "Fits ThinkPad
 * T480, T470 and 3 more", from every model it fits, asked for at once; the sentence opens the
 * whole list, each model a link to its page, even when the sentence already names them all.
 */
export function ToolFits({ tool }: { tool: Pick<Tool, '_id'> }) {
  const fits = useToolFits(tool._id);
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (fits.isPending) return <LoadingModels />;
  if (fits.isError) return <ModelsNotLoaded onRetry={() => void fits.refetch()} />;
  const summary = fitsSummary(fitsSummaryOf(fits.data));
  if (!summary) return null;
  return (
    <div>
      <button
        type="button"
        className="link link-hover link-primary inline-flex items-center gap-1 text-left font-medium"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {summary.text}
        {summary.more > 0 && ` and ${summary.more} more`}
        <LineIcon className={`h-4 w-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}>
          <path d="m6 9 6 6 6-6" />
        </LineIcon>
      </button>
      <div id={listId} hidden={!open} className="border-base-300 mt-1 border-l-2 pl-3 text-sm">
        {open && <ModelLinks models={fits.data.map(toRef)} />}
      </div>
    </div>
  );
}
