// Made on first use, as money's formatter is: building it loads locale data, and most pages
// that import this package never show a rate.
let percentFormat: Intl.NumberFormat | undefined;

/**
 * A rate given in percent as the shop writes it everywhere, on the screens, in the emails and on
 * the invoices: "19%", "8.875%" (no space, at most three decimals, thousands grouped).
 */
export function formatPercent(rate: number): string {
  percentFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
  return `${percentFormat.format(rate)}%`;
}
