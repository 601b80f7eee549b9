import { formatMoney, type Tool } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount, formatMediumDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';

interface ToolCardProps {
  tool: Tool;
  orderDate: Date;
  /** Admins do not buy: the card hides "Order Now" for them. */
  showOrderButton: boolean;
  /** The "needed by" date (YYYY-MM-DD) that "Order Now" carries to the purchase form. */
  neededBy?: string;
  /** "Add to cart" (or "In your cart") below "Order Now", when the screen offers a cart. */
  cartAction?: ReactNode;
}

/** The card's small print, label and value (docs/product.md's card fields). */
const facts = (tool: Tool, orderDate: Date): [label: string, value: string][] => [
  ['Minimum order', formatCount(tool.minOrderQuantity)],
  ['Available', formatCount(tool.availableQuantity)],
  ['Order Date', formatMediumDate(orderDate)],
];

/**
 * One tool in the storefront grid (docs/design.md): the picture first and square, then the name
 * and the price, then the product's other fields in small type, and "Order Now" at the foot so
 * the buttons of a row line up whatever the length of the names above them.
 */
export function ToolCard({
  tool,
  orderDate,
  showOrderButton,
  neededBy,
  cartAction,
}: ToolCardProps) {
  const headingId = `tool-${tool._id}`;
  return (
    <article aria-labelledby={headingId} data-testid="tool-card" className="flex flex-col">
      {/* Square, and never cropped: a picture of another shape (an admin's link) is letterboxed. */}
      <figure className="bg-base-200 rounded-box aspect-square overflow-hidden">
        <img
          src={tool.img}
          alt={tool.name}
          width={400}
          height={400}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-contain"
        />
      </figure>
      <div className="flex flex-1 flex-col gap-2 pt-3">
        <h3 id={headingId} className="text-base leading-snug font-semibold sm:text-lg">
          {tool.name}
        </h3>
        <dl>
          <dt className="text-base-content/70 text-xs">Price per unit</dt>
          <dd className="text-primary text-xl font-bold">{formatMoney(tool.price)}</dd>
        </dl>
        <p className="text-base-content/80 line-clamp-3 text-sm">{tool.description}</p>
        <dl className="border-base-300 mt-auto border-t pt-2 text-xs sm:text-sm">
          {facts(tool, orderDate).map(([label, value]) => (
            <div key={label} className="flex justify-between gap-2">
              <dt className="text-base-content/70">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        {showOrderButton && (
          <Link
            to={paths.purchase(tool._id, neededBy)}
            className="btn btn-primary btn-sm sm:btn-md mt-1 w-full"
            aria-label={`Order Now: ${tool.name}`}
          >
            Order Now
          </Link>
        )}
        {cartAction}
      </div>
    </article>
  );
}
