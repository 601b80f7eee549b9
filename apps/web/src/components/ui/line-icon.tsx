import type { ReactNode } from 'react';

interface LineIconProps {
  /** Its size, e.g. `h-5 w-5`; it takes the text colour. */
  className: string;
  strokeWidth?: number;
  /** The shapes, drawn on a 24 x 24 grid. */
  children: ReactNode;
}

/** A decorative line icon (menu, close, chevron, alert): hidden from assistive technology. */
export function LineIcon({ className, strokeWidth = 2, children }: LineIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
    >
      {children}
    </svg>
  );
}
