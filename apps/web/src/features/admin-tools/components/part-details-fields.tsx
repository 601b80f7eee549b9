import {
  type Category,
  PART_BRAND_MAX,
  PART_CONDITIONS,
  SHIPPING_CLASSES,
  shippingClassLabels,
  SKU_MAX,
  WEIGHT_GRAMS_MAX,
} from '@shop/shared';
import { type ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { FormField, TextField } from '../../../components/ui/form-field';
import { useCategories } from '../api/get-categories';
import type { PartDetailsValues } from '../utils/part-details';
import { conditionLabels } from '../utils/part-labels';
import { FitmentPicker, type PickedModel } from './fitment-picker';
import { PartNumbersField } from './part-numbers-field';

/** An empty box on Add Tool means "the shop's default", which the API gives when nothing is sent. */
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);
const emptyAsUnsetNumber = (value: unknown) =>
  value === '' || value === undefined ? undefined : Number(value);

interface PartDetailsFieldsProps {
  /**
   * `add`: every field may stay empty (the shop's defaults); `edit`: the part's own values, which
   * stay set (an emptied SKU is refused, not dropped).
   */
  mode: 'add' | 'edit';
  /** The part type it has (the editor), shown while the list loads. */
  current?: Category;
  /** The fitment box: the picker once the part's models are known, or their loading state. */
  fitment?: ReactNode;
}

/**
 * SKU, part type, brand, condition, weight, shipping class (issue 35), part numbers and the
 * models it fits: the fields of
 * the shared schemas beyond the spec's, inside the form's `FormProvider`.
 */
export function PartDetailsFields({ mode, current, fitment }: PartDetailsFieldsProps) {
  const { register, getFieldState, formState } = useFormContext<PartDetailsValues>();
  const errorOf = (name: keyof PartDetailsValues) => getFieldState(name, formState).error?.message;
  const adding = mode === 'add';
  const text = adding ? { setValueAs: emptyAsUnset } : {};

  return (
    <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
      <TextField
        label="SKU"
        hint={
          adding
            ? 'Left empty: the next LPS-000123'
            : `Letters, digits and . _ / -, at most ${SKU_MAX}`
        }
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errorOf('sku')}
        {...register('sku', text)}
      />
      <CategorySelect adding={adding} current={current} error={errorOf('category')} />
      <TextField
        label="Brand"
        hint={
          adding
            ? `The part's maker. Left empty: Generic`
            : `The part's maker, at most ${PART_BRAND_MAX}`
        }
        autoComplete="off"
        error={errorOf('brand')}
        {...register('brand', text)}
      />
      <FormField label="Condition" error={errorOf('condition')}>
        {(control) => (
          <select className="select w-full" {...control} {...register('condition')}>
            {PART_CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {conditionLabels[condition]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField
        label="Weight (grams)"
        hint={`Whole grams, 0 to ${WEIGHT_GRAMS_MAX}${adding ? '. Left empty: 0' : ''}`}
        type="number"
        inputMode="numeric"
        min={0}
        max={WEIGHT_GRAMS_MAX}
        step={1}
        error={errorOf('weightGrams')}
        {...register(
          'weightGrams',
          adding ? { setValueAs: emptyAsUnsetNumber } : { valueAsNumber: true },
        )}
      />
      <FormField
        label="Shipping class"
        hint={
          adding
            ? 'Not chosen: standard, or lithium battery for a battery'
            : 'Which shipping methods and zones can carry it'
        }
        error={errorOf('shippingClass')}
      >
        {(control) => (
          <select
            className="select w-full"
            {...control}
            {...register('shippingClass', adding ? { setValueAs: emptyAsUnset } : {})}
          >
            {adding && <option value="">Not chosen</option>}
            {SHIPPING_CLASSES.map((shippingClass) => (
              <option key={shippingClass} value={shippingClass}>
                {shippingClassLabels[shippingClass]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="sm:col-span-2">
        <PartNumbersField />
      </div>
      <div className="sm:col-span-2">{fitment}</div>
    </div>
  );
}

interface CategorySelectProps {
  adding: boolean;
  current?: Category;
  error?: string;
}

/**
 * The part type, from `GET /api/categories`. The option it has is there from the start, so the
 * select shows it while the list loads; a failed load says so and offers to try again.
 */
function CategorySelect({ adding, current, error }: CategorySelectProps) {
  const { register } = useFormContext<PartDetailsValues>();
  const categories = useCategories();
  const listed = categories.data?.categories ?? [];
  const options =
    current && !listed.some(({ slug }) => slug === current.slug) ? [current, ...listed] : listed;
  let hint: ReactNode;
  if (categories.isPending) hint = 'Loading the part types...';
  if (categories.isError) {
    hint = (
      <span className="flex flex-wrap items-center gap-2">
        The part types could not be loaded.
        <button
          type="button"
          className="btn btn-link btn-xs h-auto min-h-0 p-0"
          onClick={() => void categories.refetch()}
        >
          Try again
        </button>
      </span>
    );
  }
  return (
    <FormField label="Part type" hint={hint} error={error}>
      {(control) => (
        <select
          className="select w-full"
          {...control}
          aria-busy={categories.isPending || undefined}
          {...register('category', adding ? { setValueAs: emptyAsUnset } : {})}
        >
          {adding && <option value="">Not chosen (Other parts)</option>}
          {options.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

interface FitmentFieldProps {
  /** The models the part fits when the form opened (their names for the chips). */
  known: readonly PickedModel[];
}

/** The models it fits, held by the form as their slugs (`fits`). */
export function FitmentField({ known }: FitmentFieldProps) {
  const { control, getFieldState, formState } = useFormContext<PartDetailsValues>();
  const { field } = useController({ control, name: 'fits' });
  const fitsError =
    getFieldState('fits', formState).error?.message ??
    // A model named twice (the picker never does it): the first such message.
    (formState.errors.fits as unknown as ({ message?: string } | undefined)[] | undefined)?.find?.(
      (item) => item?.message,
    )?.message;
  return (
    <FitmentPicker
      // Until the form holds them (the editor sets them once loaded), the models it fitted.
      value={field.value ?? known.map((model) => model.slug)}
      onChange={field.onChange}
      known={known}
      error={fitsError}
      disabled={field.disabled}
    />
  );
}
