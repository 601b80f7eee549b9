export default function BlogsRoute() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold">Blogs</h1>
      <p>Questions and answers about building web applications.</p>
    </section>
  );
}
