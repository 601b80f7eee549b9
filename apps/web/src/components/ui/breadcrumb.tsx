import { Link } from 'react-router';

interface BreadcrumbProps {
  /** The pages above this one, the shop's home first, each a link. */
  crumbs: readonly { label: string; to: string }[];
  /** This page's own name, last and not a link. */
  current: string;
}

/** Home › Lenovo › ThinkPad T-series › ThinkPad T480: where a page sits, each step a way back up. */
export function Breadcrumb({ crumbs, current }: BreadcrumbProps) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="text-base-content/80 flex flex-wrap items-center gap-x-2 gap-y-1">
        {crumbs.map((crumb) => (
          <li key={crumb.label} className="flex items-center gap-2">
            <Link to={crumb.to} className="link link-hover">
              {crumb.label}
            </Link>
            <span aria-hidden="true" className="text-base-content/60">
              ›
            </span>
          </li>
        ))}
        <li aria-current="page" className="text-base-content min-w-0 font-medium break-words">
          {current}
        </li>
      </ol>
    </nav>
  );
}
