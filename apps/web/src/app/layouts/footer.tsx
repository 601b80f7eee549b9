import type { ReactNode } from 'react';

const columns = [
  { title: 'Services', items: ['Branding', 'Design', 'Marketing', 'Advertisement'] },
  { title: 'Company', items: ['About us', 'Contact', 'Jobs', 'Press kit'] },
  { title: 'Legal', items: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

/** The footer's three social icons. Their links have no targets, so they are icons, not links. */
const socials: { name: string; path: ReactNode }[] = [
  {
    name: 'X (Twitter)',
    path: (
      <path d="M18.9 2H22l-6.8 7.8L23 22h-6.2l-4.8-6.3L6.4 22H3.3l7.3-8.4L1 2h6.3l4.4 5.8L18.9 2Zm-1.1 18h1.7L6.3 3.9H4.5L17.8 20Z" />
    ),
  },
  {
    name: 'YouTube',
    path: (
      <path d="M23.5 6.2a3 3 0 0 0-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 0 0 .5 6.2 31 31 0 0 0 0 12a31 31 0 0 0 .5 5.8 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31 31 0 0 0 24 12a31 31 0 0 0-.5-5.8ZM9.6 15.6V8.4l6.2 3.6-6.2 3.6Z" />
    ),
  },
  {
    name: 'Facebook',
    path: (
      <path d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z" />
    ),
  },
];

/** The footer (docs/product.md): three columns whose items have no targets, social icons, copyright. */
export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer content-width grid-cols-2 py-10 md:grid-cols-4">
        {columns.map((column) => (
          <section key={column.title} aria-labelledby={`footer-${column.title}`}>
            <h2 id={`footer-${column.title}`} className="footer-title">
              {column.title}
            </h2>
            <ul className="space-y-2">
              {column.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="footer-title">
            Social
          </h2>
          <ul className="flex gap-4" data-testid="social-icons">
            {socials.map((social) => (
              <li key={social.name}>
                <svg
                  role="img"
                  aria-label={social.name}
                  viewBox="0 0 24 24"
                  width={24}
                  height={24}
                  className="h-6 w-6 fill-current"
                >
                  {social.path}
                </svg>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="border-neutral-content/20 content-width border-t py-4 text-center text-sm">
        <p>Copyright © {new Date().getFullYear()} - All rights reserved by Laptop Parts Shop</p>
      </div>
    </footer>
  );
}
