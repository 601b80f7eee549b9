import { zodResolver } from '@hookform/resolvers/zod';
import {
  RATE_KINDS,
  ShippingMethodInputSchema,
  type ShippingMethodInput,
  WEIGHT_BANDS_MAX,
} from '@shop/shared';
import type { Resolver } from 'react-hook-form';
import { useFieldArray, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField, TextField } from '../../../components/ui/form-field';
import { useServerForm } from '../../../lib/use-server-form';
import type { ShippingMethodRow } from '../api/get-shipping-zones';
import { useSaveShippingMethod } from '../api/save-shipping-method';
import { rateKindLabels, relevantRule } from '../utils/method-rule';
import { ClassCheckboxes } from './class-checkboxes';

type MethodValues = Partial<ShippingMethodInput> & Pick<ShippingMethodInput, 'rateKind'>;

const schemaResolver = zodResolver(ShippingMethodInputSchema);
/** The shared schema's check of what the form sends: the rule's other fields left out. */
const methodResolver: Resolver<MethodValues, unknown, ShippingMethodInput> = (
  values,
  context,
  options,
) =>
  schemaResolver(
    relevantRule(values) as ShippingMethodInput,
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  );

const serverFields = [
  'name',
  'rateKind',
  'price',
  'freeOver',
  'weightBands',
  'minDays',
  'maxDays',
  'refusedClasses',
  'position',
  ...Array.from({ length: WEIGHT_BANDS_MAX }, (_, index) => [
    `weightBands.${index}.upToGrams` as const,
    `weightBands.${index}.price` as const,
  ]).flat(),
] as const;

/** An empty number box is no value (undefined), never NaN or 0. */
const optionalNumber = {
  setValueAs: (value: unknown) =>
    value === '' || value === null || value === undefined ? undefined : Number(value),
};

const money = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 } as const;
const whole = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;

interface MethodFormProps {
  zoneId: string;
  zoneName: string;
  /** The method to change; a new one without it. */
  method?: ShippingMethodRow;
  onDone: () => void;
}

/**
 * Adds a method to a zone or changes one: its name, how its price is found (a flat price,
 * weight bands whose weights increase, or a price below a threshold and free from it), the
 * delivery estimate in days, the classes it refuses and its place in the list.
 */
export function MethodForm({ zoneId, zoneName, method, onDone }: MethodFormProps) {
  const save = useSaveShippingMethod();
  const form = useServerForm({
    resolver: methodResolver,
    defaultValues: method
      ? {
          name: method.name,
          rateKind: method.rateKind,
          price: method.rateKind === 'weight' ? undefined : method.price,
          freeOver: method.freeOver ?? undefined,
          weightBands: method.weightBands,
          minDays: method.minDays,
          maxDays: method.maxDays,
          refusedClasses: method.refusedClasses,
          position: method.position,
        }
      : {
          name: '',
          rateKind: 'flat',
          weightBands: [{ upToGrams: 1000, price: 0 }],
          refusedClasses: [],
        },
    serverFields,
  });
  const {
    field,
    register,
    submitWith,
    failure,
    control,
    formState: { isSubmitting, errors },
  } = form;
  const rateKind = useWatch({ control, name: 'rateKind' });
  const bands = useFieldArray({ control, name: 'weightBands' });
  const onSubmit = submitWith(async (values) => {
    const body = relevantRule(values);
    const saved = await save.mutateAsync(method ? { methodId: method.id, body } : { zoneId, body });
    toast.success(method ? `${saved.name} is saved` : `${saved.name} is added to ${zoneName}`);
    onDone();
  });
  const title = method ? `Edit ${method.name}` : `New method for ${zoneName}`;
  const bandsError = errors.weightBands?.message ?? errors.weightBands?.root?.message;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={title}
      className="rounded-box border-base-300 bg-base-200 flex flex-col gap-1 border p-4"
    >
      <h4 className="font-semibold">{title}</h4>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField label="Method name" autoComplete="off" {...field('name')} />
        <FormField label="Price rule" error={errors.rateKind?.message}>
          {(control) => (
            <select className="select w-full" {...control} {...register('rateKind')}>
              {RATE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {rateKindLabels[kind]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>

      {rateKind !== 'weight' && (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            label={rateKind === 'free_over' ? 'Price below the threshold ($)' : 'Price ($)'}
            {...money}
            {...field('price', optionalNumber)}
          />
          {rateKind === 'free_over' && (
            <TextField
              label="Free from an order of ($)"
              {...money}
              {...field('freeOver', optionalNumber)}
            />
          )}
        </div>
      )}

      {rateKind === 'weight' && (
        <fieldset className="fieldset py-1">
          <legend className="fieldset-legend pb-1">Weight bands</legend>
          <p className="text-base-content/70 text-xs">
            Each band starts where the one before ends: the weights must increase. A parcel heavier
            than the last band cannot go by this method.
          </p>
          <ol className="flex flex-col gap-2">
            {bands.fields.map((band, index) => {
              const upTo = errors.weightBands?.[index]?.upToGrams?.message;
              const price = errors.weightBands?.[index]?.price?.message;
              return (
                <li key={band.id} className="flex flex-wrap items-end gap-x-3">
                  <div className="min-w-32 flex-1">
                    <TextField
                      label={`Band ${index + 1}: up to (g)`}
                      {...whole}
                      min={1}
                      error={upTo}
                      {...register(`weightBands.${index}.upToGrams`, optionalNumber)}
                    />
                  </div>
                  <div className="min-w-32 flex-1">
                    <TextField
                      label={`Band ${index + 1}: price ($)`}
                      {...money}
                      error={price}
                      {...register(`weightBands.${index}.price`, optionalNumber)}
                    />
                  </div>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm mb-2"
                    onClick={() => bands.remove(index)}
                    disabled={bands.fields.length === 1}
                    aria-label={`Remove band ${index + 1}`}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ol>
          <div>
            <button
              type="button"
              className="btn btn-outline btn-sm mt-2"
              disabled={bands.fields.length >= WEIGHT_BANDS_MAX}
              onClick={() => {
                const last = form.getValues('weightBands')?.at(-1);
                bands.append({
                  upToGrams: (Number(last?.upToGrams) || 0) + 1000,
                  price: Number(last?.price) || 0,
                });
              }}
            >
              Add a band
            </button>
          </div>
          {bandsError && <p className="text-sm text-red-700">{bandsError}</p>}
        </fieldset>
      )}

      <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
        <TextField label="Delivery from (days)" {...whole} {...field('minDays', optionalNumber)} />
        <TextField label="To (days)" {...whole} {...field('maxDays', optionalNumber)} />
        <TextField
          label="Place in the list"
          hint="Lower comes first"
          {...whole}
          {...field('position', optionalNumber)}
        />
      </div>
      <ClassCheckboxes
        legend="Refuses these parts"
        registration={register('refusedClasses')}
        error={errors.refusedClasses?.message}
      />
      <FormAlert message={failure} />
      <FormActions busy={isSubmitting} onCancel={onDone}>
        {method ? 'Save method' : 'Add method'}
      </FormActions>
    </form>
  );
}
