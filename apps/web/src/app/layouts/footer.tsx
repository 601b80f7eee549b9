const columns = [
  { title: 'Services', items: ['Branding', 'Design', 'Marketing', 'Advertisement'] },
  { title: 'Company', items: ['About us', 'Contact', 'Jobs', 'Press kit'] },
  { title: 'Legal', items: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

/** SPEC.md's footer: three columns whose items have no targets, social icons, copyright. */
export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer sm:footer-horizontal mx-auto max-w-7xl p-10">
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            <ul className="space-y-1">
              {column.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-neutral-content/20 mx-auto max-w-7xl border-t px-10 py-4 text-center text-sm">
        <p>Copyright © {new Date().getFullYear()} - All rights reserved by Laptop Parts Shop</p>
      </div>
    </footer>
  );
}
