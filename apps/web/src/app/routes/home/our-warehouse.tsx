import { lazy } from 'react';
import { SectionHeading } from '../../../components/ui/section-heading';
import { WhenNearViewport } from '../../../components/ui/when-near-viewport';

const WarehouseCarousel = lazy(() => import('./warehouse-carousel'));

/** Same height as the carousel (photo, bullets, pause button), so nothing jumps as it loads. */
function CarouselPlaceholder() {
  return (
    <div aria-hidden="true" className="pb-[5.5rem]">
      <div className="rounded-box bg-base-300/60 h-56 animate-pulse sm:h-60 lg:h-64" />
    </div>
  );
}

/** "Our Warehouse": a heading above an auto-playing carousel of our three warehouses. */
export function OurWarehouse() {
  return (
    <section aria-labelledby="our-warehouse-title" className="py-16">
      <SectionHeading eyebrow="Worldwide" title="Our Warehouse" id="our-warehouse-title" />
      <WhenNearViewport placeholder={<CarouselPlaceholder />}>
        <WarehouseCarousel />
      </WhenNearViewport>
    </section>
  );
}
