import { OurTools } from '../../features/catalog/components/our-tools';
import { paths } from '../../lib/paths';

export default function HomeRoute() {
  const isAdmin = false;
  return (
    <>
      <section className="from-primary/10 to-secondary/10 bg-gradient-to-br">
        <div className="hero mx-auto min-h-[28rem] max-w-7xl px-4">
          <div className="hero-content flex-col gap-10 lg:flex-row-reverse">
            <img
              src="/images/hero.svg"
              alt="An open laptop surrounded by memory, an SSD and a cooling fan"
              width={560}
              height={420}
              className="w-full max-w-md"
              fetchPriority="high"
            />
            <div className="max-w-xl">
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
      <div className="mx-auto max-w-7xl px-4">
        <OurTools isAdmin={isAdmin} />
      </div>
    </>
  );
}
