/** A dashboard page's frame; the buying, payment and back-office issues fill them in. */
export function DashboardPage({ title }: { title: string }) {
  return (
    <section>
      <h1 className="text-2xl font-bold">{title}</h1>
    </section>
  );
}
