/**
 * The shop's colours for email clients, which know hex but not oklch: the theme's tokens of
 * apps/web/src/index.css (docs/design.md), converted. The brand (primary) is indigo.
 */
export const brand = {
  primary: '#423bc0',
  primaryContent: '#f6f8ff',
  base100: '#ffffff',
  base200: '#f6f6fb',
  base300: '#dfe1e9',
  baseContent: '#1c2130',
  muted: '#515561',
  font: "'Plus Jakarta Sans', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

/** The widest an email may be: the width every client shows without scrolling. */
export const EMAIL_MAX_WIDTH_PX = 600;
