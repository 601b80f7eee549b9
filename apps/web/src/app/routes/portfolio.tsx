export default function PortfolioRoute() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold">Portfolio</h1>
      <p>About the author of this shop.</p>
    </section>
  );
}
