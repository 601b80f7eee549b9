import { deliveryEstimate, formatMoney, type ShippingOption } from '@shop/shared';
import { useFormContext } from 'react-hook-form';
import { errorMessage } from '../../lib/form-errors';
import { taxLabel, type DeliveryValues } from './delivery-values';
import type { DeliveryQuote } from './use-delivery-quote';

const shippingPrice = (option: ShippingOption) =>
  option.shipping === 0 ? 'Free' : formatMoney(option.shipping);

/**
 * The methods that can take the order where it goes, as radio buttons (name, price, estimate
 * and the tax), the first chosen to start with; those that cannot, muted, with why; or, when
 * none can, the refusal with the lines it names. While the destination is not known, what is
 * missing; while the quote comes, a quiet line; when it fails, the reason and a retry.
 */
export function ShippingMethods({ delivery }: { delivery: DeliveryQuote }) {
  const { register, getFieldState, formState } = useFormContext<DeliveryValues>();
  const error = getFieldState('shippingMethodId', formState).error?.message;
  const { quote, shown } = delivery;

  let body;
  if (delivery.waiting) {
    body = (
      <p className="text-base-content/70 text-sm">
        Choose the country (and the state or province where asked) to see how it can be shipped.
      </p>
    );
  } else if (quote.isError && !shown) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p className="text-red-800">
          Shipping could not be worked out. {errorMessage(quote.error)}
        </p>
        <button type="button" className="btn btn-sm" onClick={() => void quote.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!shown) {
    body = (
      <p role="status" className="text-base-content/70 text-sm">
        Working out shipping…
      </p>
    );
  } else if (shown.refusal) {
    const { message, lines } = shown.refusal;
    body = (
      <div
        role="alert"
        className="rounded-box border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
      >
        <p className="font-semibold">{message}</p>
        {Object.keys(lines).length > 0 && (
          <ul className="mt-1 list-disc ps-5">
            {Object.entries(lines).map(([toolId, reasons]) => {
              const name = delivery.nameOf(toolId);
              const words = reasons.join(' ');
              // The shop's words usually name the part already.
              return <li key={toolId}>{words.includes(name) ? words : `${name}: ${words}`}</li>;
            })}
          </ul>
        )}
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-2">
        {shown.options.map((option) => (
          <label
            key={option.methodId}
            className="rounded-box border-base-300 has-checked:border-primary has-checked:bg-primary/5 flex cursor-pointer items-start gap-3 border px-3 py-2 text-sm"
          >
            <input
              type="radio"
              className="radio radio-sm radio-primary mt-1"
              value={option.methodId}
              aria-describedby={error ? 'shipping-method-error' : undefined}
              {...register('shippingMethodId')}
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="flex flex-wrap justify-between gap-x-3">
                <span className="font-semibold">{option.name}</span>
                <span className="tabular-nums">{shippingPrice(option)}</span>
              </span>
              <span className="text-base-content/70 text-xs">
                {deliveryEstimate(option.minDays, option.maxDays)}
                {' · '}
                {taxLabel(shown)}: {option.pricesIncludeTax ? 'incl. ' : ''}
                {formatMoney(option.tax)}
              </span>
            </span>
          </label>
        ))}
        {shown.unavailable.length > 0 && (
          <ul className="text-base-content/70 flex flex-col gap-1 text-sm">
            {shown.unavailable.map((method) => (
              <li key={method.name}>
                <span className="line-through">{method.name}</span>: {method.reason}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <fieldset className="fieldset py-1" aria-busy={delivery.working} data-testid="shipping-methods">
      <legend className="fieldset-legend pb-1">Shipping method</legend>
      <div className={shown && delivery.working ? 'opacity-70 transition-opacity' : undefined}>
        {body}
      </div>
      {error && (
        <p id="shipping-method-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
