import { formatMoney, type ShippingOption, type ShippingQuote } from '@shop/shared';
import { taxLabel } from './delivery-values';

interface QuoteSummaryProps {
  quote: ShippingQuote | undefined;
  /** The chosen method's figures; none yet: the goods alone, shipping and tax to come. */
  chosen: ShippingOption | undefined;
  /** The goods' price as the catalogue lists it, shown until a method is chosen. */
  subtotal: number;
  /** Figures on their way for what the form says now: shown paler. */
  working?: boolean;
}

/** What the order will cost: subtotal, shipping, tax (its name and rate) and total. */
export function QuoteSummary({ quote, chosen, subtotal, working = false }: QuoteSummaryProps) {
  return (
    <div aria-busy={working} className={working ? 'opacity-70' : undefined}>
      <dl className="flex flex-col gap-1">
        <div className="flex justify-between gap-4">
          <dt>Subtotal</dt>
          <dd className="tabular-nums" data-testid="order-subtotal">
            {formatMoney(chosen?.subtotal ?? subtotal)}
          </dd>
        </div>
        {chosen && quote && (
          <>
            <div className="flex justify-between gap-4">
              <dt>Shipping ({chosen.name})</dt>
              <dd className="tabular-nums">
                {chosen.shipping === 0 ? 'Free' : formatMoney(chosen.shipping)}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{taxLabel(quote)}</dt>
              <dd className="tabular-nums">
                {chosen.pricesIncludeTax ? 'incl. ' : ''}
                {formatMoney(chosen.tax)}
              </dd>
            </div>
            <div className="border-base-300 mt-1 flex justify-between gap-4 border-t pt-2 text-lg">
              <dt>Total</dt>
              <dd className="font-bold tabular-nums" data-testid="order-total">
                {formatMoney(chosen.total)}
              </dd>
            </div>
          </>
        )}
      </dl>
      {!chosen && (
        <p className="text-base-content/70 mt-1 text-sm">
          Shipping and tax are added once the destination and the method are chosen.
        </p>
      )}
    </div>
  );
}
