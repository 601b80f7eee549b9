import { useState, type ReactNode } from 'react';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { OurTools } from '../../features/catalogue/components/our-tools';
import { LaptopPicker } from '../../features/laptops/components/laptop-picker';
import { Testimonials } from '../../features/reviews/components/testimonials';
import { BusinessSummary } from '../../features/summary/components/business-summary';
import { toCalendarDay } from '../../lib/calendar-day';
import { paths } from '../../lib/paths';
import { useShopCart } from '../use-shop-cart';
import { OurMoto } from './home/our-moto';
import { OurWarehouse } from './home/our-warehouse';

/** A full-width band of the home page with its content centred. */
function Band({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <div className="content-width">{children}</div>
    </div>
  );
}

/** Text first (it is the first paint), on the content's left edge; the picture keeps its box. */
function Hero() {
  return (
    <section className="from-primary/10 to-secondary/10 bg-gradient-to-br">
      <div className="content-width grid items-center gap-8 py-12 md:py-16 lg:grid-cols-2 lg:gap-12">
        <div className="text-center lg:text-start">
          <h1 className="text-4xl leading-tight font-extrabold tracking-tight text-balance md:text-5xl">
            Get Your Laptop Parts Here
          </h1>
          <p className="text-base-content/80 mx-auto max-w-xl py-6 text-lg lg:mx-0">
            We are supplying laptop parts all over the world. You can buy any types of parts in
            retail price here.
          </p>
          <a href={`#${paths.ourToolsAnchor}`} className="btn btn-primary btn-lg">
            Show Me
          </a>
        </div>
        <img
          src="/images/hero.svg"
          alt="An open laptop surrounded by memory, an SSD and a cooling fan"
          width={560}
          height={420}
          className="mx-auto aspect-[4/3] h-auto w-full max-w-sm lg:max-w-lg"
          fetchPriority="high"
        />
      </div>
    </section>
  );
}

/**
 * The storefront: hero, the laptop picker, tools, figures, reviews, warehouses and our promise
 * (docs/product.md).
 */
export default function HomeRoute() {
  // The tool list gets the admin flag and hides "Order Now" for admins.
  const { isAdmin } = useAuth();
  // The page holds Our Moto's date; "Order Now" carries it to the purchase form.
  const [neededBy, setNeededBy] = useState<Date | undefined>();
  const cart = useShopCart();
  const neededByDay = neededBy && toCalendarDay(neededBy);
  return (
    <>
      <Hero />
      <Band className="bg-base-200">
        <LaptopPicker />
      </Band>
      <Band>
        <OurTools
          isAdmin={isAdmin}
          neededBy={neededByDay}
          cartAction={(tool) => (
            <AddToCartButton
              tool={tool}
              cart={cart}
              neededBy={neededByDay}
              className="btn-sm sm:btn-md w-full"
            />
          )}
        />
      </Band>
      <Band className="bg-base-200">
        <BusinessSummary />
      </Band>
      <Band>
        <Testimonials />
      </Band>
      <Band className="bg-base-200">
        <OurWarehouse />
      </Band>
      <Band className="from-primary/5 to-secondary/10 bg-gradient-to-b">
        <OurMoto neededBy={neededBy} onNeededByChange={setNeededBy} />
      </Band>
    </>
  );
}
