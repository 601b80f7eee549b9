const qualifications = [
  {
    degree: 'B.Sc. in Computer Science and Engineering',
    institution: 'Eastbridge University',
    year: 2021,
  },
  {
    degree: 'Certificate in Web Accessibility',
    institution: 'Open Web Academy (online)',
    year: 2022,
  },
  {
    degree: 'Higher Secondary Certificate, Science',
    institution: 'Northfield College',
    year: 2016,
  },
];

const skills = [
  'TypeScript and modern JavaScript',
  'React, React Router and TanStack Query',
  'Tailwind CSS and daisyUI',
  'Node.js APIs with Hono and zod',
  'PostgreSQL and Kysely',
  'Testing with Vitest and Playwright',
  'Accessibility (WCAG 2.2) and web performance',
  'Git, code review and continuous integration',
];

/** Other sites the (fictional) author built; plain links, nothing is fetched. */
const projects = [
  {
    name: 'Bike Parts Depot',
    url: 'https://example.com/',
    description: 'A spare-parts shop for city bikes with stock tracking and card payments.',
  },
  {
    name: 'Lens Rental Desk',
    url: 'https://example.org/',
    description: 'Camera lens rentals by the day, with a booking calendar and reminders.',
  },
  {
    name: 'Corner Bakery Orders',
    url: 'https://example.net/',
    description: 'Pre-orders for a neighbourhood bakery, picked up at a chosen time.',
  },
];

export default function PortfolioRoute() {
  return (
    <div className="mx-auto max-w-4xl space-y-12 px-4 py-12">
      <header className="flex flex-col items-center gap-6 text-center sm:flex-row sm:text-left">
        <div
          aria-hidden="true"
          className="bg-primary text-primary-content ring-primary/30 flex h-28 w-28 shrink-0 items-center justify-center rounded-full text-4xl font-bold ring-4 ring-offset-2"
        >
          NR
        </div>
        <div>
          <h1 className="text-3xl font-bold md:text-4xl">Portfolio</h1>
          <p className="text-primary mt-1 text-lg font-semibold">
            Nadia Rahman, full-stack web developer
          </p>
          <p className="text-base-content/80 mt-3 text-left">
            I build fast, accessible online shops with React and TypeScript on the front and Node
            and PostgreSQL behind. I built this laptop parts shop end to end: the storefront, the
            checkout and the back office. I care about pages that load quickly on a slow phone, work
            with a keyboard and a screen reader, and are covered by tests, so that shop owners can
            change them without fear. I live in Dhaka and work with teams around the world.
          </p>
        </div>
      </header>

      <section aria-labelledby="qualifications-title">
        <h2 id="qualifications-title" className="mb-4 text-2xl font-bold">
          Qualifications
        </h2>
        <div className="rounded-box border-base-300 overflow-x-auto border">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Degree</th>
                <th scope="col">Institution</th>
                <th scope="col">Year</th>
              </tr>
            </thead>
            <tbody>
              {qualifications.map((row) => (
                <tr key={row.degree}>
                  <td>{row.degree}</td>
                  <td>{row.institution}</td>
                  <td>{row.year}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="skills-title">
        <h2 id="skills-title" className="mb-4 text-2xl font-bold">
          Skills
        </h2>
        <ul className="flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li key={skill} className="badge badge-lg badge-outline badge-primary h-auto py-1">
              {skill}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="projects-title">
        <h2 id="projects-title" className="mb-4 text-2xl font-bold">
          Other sites I built
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {projects.map((project) => (
            <li key={project.name} className="card bg-base-100 border-base-300 border shadow-sm">
              <div className="card-body">
                <h3 className="card-title text-lg">
                  <a href={project.url} rel="noreferrer" className="link link-primary">
                    {project.name}
                  </a>
                </h3>
                <p className="text-base-content/80 text-sm">{project.description}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="text-base-content/70 mt-3 text-sm">
          The author is fictional; the links point to example addresses.
        </p>
      </section>
    </div>
  );
}
