import { SHIPPING_CLASSES, shippingClassLabels } from '@shop/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The classes a zone or a method refuses: one checkbox each, in a fieldset with its legend. */
export function ClassCheckboxes({
  legend,
  registration,
  error,
}: {
  legend: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <fieldset className="fieldset py-1">
      <legend className="fieldset-legend pb-1">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {SHIPPING_CLASSES.map((shippingClass) => (
          <label key={shippingClass} className="label text-base-content gap-2 whitespace-normal">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              value={shippingClass}
              {...registration}
            />
            {shippingClassLabels[shippingClass]}
          </label>
        ))}
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
