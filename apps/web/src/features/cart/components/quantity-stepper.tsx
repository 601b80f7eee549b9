import { messages } from '@shop/shared';
import { useId, useState } from 'react';
import { isQuantityInRange } from '../../../lib/quantity';

interface QuantityStepperProps {
  /** The tool's name, for the controls' labels. */
  name: string;
  quantity: number;
  min: number;
  available: number;
  busy: boolean;
  /** A new quantity within min..available, chosen with the buttons or typed and confirmed. */
  onChange: (quantity: number) => void;
}

/**
 * A line's quantity: minus, the number, plus, bounded by the tool's minimum order and its stock.
 * A typed number counts when the field is left or Enter is pressed; outside the bounds the
 * product's notice shows and nothing is sent.
 */
export function QuantityStepper({
  name,
  quantity,
  min,
  available,
  busy,
  onChange,
}: QuantityStepperProps) {
  // What is typed, until a change is sent and answered: then the cart's quantity shows again
  // (the new one, or the old one when the change was refused).
  const [typedText, setTypedText] = useState<string | null>(null);
  const [wasBusy, setWasBusy] = useState(busy);
  if (wasBusy !== busy) {
    setWasBusy(busy);
    if (!busy) setTypedText(null);
  }
  const draft = typedText ?? String(quantity);
  const noticeId = useId();

  const typed = Number(draft);
  const inRange =
    draft !== '' && Number.isInteger(typed) && isQuantityInRange(typed, min, available);
  const commit = () => {
    if (inRange && typed !== quantity) onChange(typed);
  };
  const step = (by: number) => {
    const next = Math.min(Math.max((inRange ? typed : quantity) + by, min), available);
    setTypedText(String(next));
    if (next !== quantity) onChange(next);
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="join">
        <button
          type="button"
          className="btn btn-sm join-item px-3"
          aria-label={`One fewer ${name}`}
          disabled={busy || (inRange ? typed : quantity) <= min}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          min={min}
          max={available}
          step={1}
          value={draft}
          aria-label={`Quantity of ${name}`}
          aria-invalid={inRange ? undefined : true}
          aria-describedby={inRange ? undefined : noticeId}
          className={`input input-sm join-item w-24 text-center tabular-nums ${inRange ? '' : 'input-error'}`}
          onChange={(event) => setTypedText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <button
          type="button"
          className="btn btn-sm join-item px-3"
          aria-label={`One more ${name}`}
          disabled={busy || (inRange ? typed : quantity) >= available}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      {!inRange && (
        <p id={noticeId} role="status" className="text-sm font-semibold text-red-700">
          {messages.quantityNotice(min, available)}
        </p>
      )}
    </div>
  );
}
