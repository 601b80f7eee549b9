import { useState, type ReactNode } from 'react';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { OurTools } from '../../features/catalog/components/our-tools';
import { Testimonials } from '../../features/reviews/components/testimonials';
import { BusinessSummary } from '../../features/summary/components/business-summary';
import { toCalendarDay } from '../../lib/calendar-day';
import { paths } from '../../lib/paths';
import { OurMoto } from './home/our-moto';
import { OurWarehouse } from './home/our-warehouse';

/** A full-width band of the home page with its content centred. */
function Band({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <div className="mx-auto max-w-7xl px-4">{children}</div>
    </div>
  );
}

function Hero() {
  return (
    <section className="from-primary/10 to-secondary/10 bg-gradient-to-br">
      <div className="hero mx-auto min-h-[28rem] max-w-7xl px-4">
        <div className="hero-content flex-col gap-10 px-0 lg:flex-row-reverse">
          <img
            src="/images/hero.svg"
            alt="An open laptop surrounded by memory, an SSD and a cooling fan"
            width={560}
            height={420}
            className="h-auto w-full max-w-md"
            fetchPriority="high"
          />
          <div className="max-w-xl text-center lg:text-left">
            <h1 className="text-4xl font-extrabold md:text-5xl">Get Your Laptop Parts Here</h1>
            <p className="py-6 text-lg">
              We are supplying laptop parts all over the world. You can buy any types of parts in
              retail price here.
            </p>
            <a href={`#${paths.ourToolsAnchor}`} className="btn btn-primary btn-lg">
              Show Me
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The storefront: hero, tools, figures, reviews, warehouses and our promise (docs/product.md). */
export default function HomeRoute() {
  // The tool list gets the admin flag and hides "Order Now" for admins.
  const { isAdmin } = useAuth();
  // The page holds Our Moto's date; "Order Now" carries it to the purchase form.
  const [neededBy, setNeededBy] = useState<Date | undefined>();
  return (
    <>
      <Hero />
      <Band>
        <OurTools isAdmin={isAdmin} neededBy={neededBy && toCalendarDay(neededBy)} />
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
