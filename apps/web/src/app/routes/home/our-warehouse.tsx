import { LazyPiece } from '../../../components/ui/lazy-piece';
import { SectionHeading } from '../../../components/ui/section-heading';
import { WhenNearViewport } from '../../../components/ui/when-near-viewport';
import { lazyModule } from '../../../lib/lazy-module';

const warehouseCarousel = lazyModule(() => import('./warehouse-carousel'));

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
        <LazyPiece
          module={warehouseCarousel}
          placeholder={<CarouselPlaceholder />}
          failedTitle="The photos of our warehouses could not be loaded"
        >
          {({ default: WarehouseCarousel }) => <WarehouseCarousel />}
        </LazyPiece>
      </WhenNearViewport>
    </section>
  );
}
