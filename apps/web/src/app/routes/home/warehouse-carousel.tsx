import { useState, type CSSProperties } from 'react';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide, type SwiperClass } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { warehouseSlides } from './warehouses';

const AUTOPLAY_DELAY_MS = 4000;

const carouselStyle = {
  '--swiper-theme-color': 'var(--color-primary)',
  '--swiper-navigation-size': '2.75rem',
  '--swiper-navigation-top-offset': 'calc(50% - 1.5rem)',
  '--swiper-navigation-sides-offset': '0.5rem',
  '--swiper-pagination-bullet-size': '0.75rem',
  // 28 px from bullet to bullet: small targets, but spaced as WCAG 2.5.8 asks.
  '--swiper-pagination-bullet-horizontal-gap': '0.5rem',
  '--swiper-pagination-bullet-inactive-color': 'var(--color-base-content)',
  '--swiper-pagination-bullet-inactive-opacity': '0.3',
  '--swiper-pagination-bottom': '0.75rem',
  paddingBottom: '3rem',
} as CSSProperties;

const autoplay = {
  delay: AUTOPLAY_DELAY_MS,
  disableOnInteraction: true,
  pauseOnMouseEnter: true,
};

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The "Our Warehouse" carousel (Swiper): 1, 2 or 3 photos at a time by screen width, 25 px
 * apart, arrows, clickable bullets and autoplay that the visitor can pause. Loaded lazily: Swiper
 * stays out of the home page's first download.
 */
export default function WarehouseCarousel() {
  const [swiper, setSwiper] = useState<SwiperClass | null>(null);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());

  const togglePlaying = () => {
    if (!swiper) return;
    if (swiper.autoplay.running) swiper.autoplay.stop();
    else swiper.autoplay.start();
  };

  return (
    <div className="warehouse-carousel">
      <Swiper
        modules={[Navigation, Pagination, Autoplay, A11y]}
        onSwiper={(instance) => {
          setSwiper(instance);
          // Moving content is opt-in for those who ask for less motion.
          if (prefersReducedMotion()) instance.autoplay.stop();
        }}
        onAutoplayStart={() => setPlaying(true)}
        onAutoplayStop={() => setPlaying(false)}
        spaceBetween={25}
        slidesPerView={1}
        breakpoints={{ 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } }}
        navigation
        pagination={{ clickable: true }}
        autoplay={autoplay}
        rewind
        a11y={{
          prevSlideMessage: 'Previous warehouse',
          nextSlideMessage: 'Next warehouse',
          paginationBulletMessage: 'Go to slide {{index}}',
        }}
        style={carouselStyle}
      >
        {warehouseSlides.map((slide) => (
          <SwiperSlide key={slide.key} data-testid="warehouse-slide">
            <img
              src={slide.img}
              alt={`Our warehouse in ${slide.place}`}
              width={600}
              height={400}
              loading="lazy"
              decoding="async"
              className="rounded-box h-56 w-full object-cover sm:h-60 lg:h-64"
            />
          </SwiperSlide>
        ))}
      </Swiper>
      <div className="mt-2 flex justify-center">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={togglePlaying}
          disabled={!swiper}
        >
          {playing ? 'Pause the slideshow' : 'Play the slideshow'}
        </button>
      </div>
    </div>
  );
}
