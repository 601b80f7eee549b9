import { zodResolver } from '@hookform/resolvers/zod';
import { ShippingZoneInputSchema } from '@shop/shared';
import { useController } from 'react-hook-form';
import { toast } from 'sonner';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/form-field';
import { useServerForm } from '../../../lib/use-server-form';
import type { ShippingZoneRow } from '../api/get-shipping-zones';
import { useSaveShippingZone } from '../api/save-shipping-zone';
import { ClassCheckboxes } from './class-checkboxes';
import { CountryPicker } from './country-picker';

const serverFields = ['name', 'countries', 'restOfWorld', 'refusedClasses'] as const;

interface ZoneFormProps {
  /** The zone to change; a new one without it. */
  zone?: ShippingZoneRow;
  onDone: () => void;
}

/** Adds a zone or changes one: its name, countries, whether it is the rest of the world, refusals. */
export function ZoneForm({ zone, onDone }: ZoneFormProps) {
  const save = useSaveShippingZone();
  const form = useServerForm({
    resolver: zodResolver(ShippingZoneInputSchema),
    defaultValues: {
      name: zone?.name ?? '',
      countries: zone?.countries.map((country) => country.code) ?? [],
      restOfWorld: zone?.restOfWorld ?? false,
      refusedClasses: zone?.refusedClasses ?? [],
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
  const countries = useController({ control, name: 'countries' });
  const onSubmit = submitWith(async (values) => {
    const saved = await save.mutateAsync({ id: zone?.id, body: values });
    toast.success(zone ? `${saved.name} is saved` : `${saved.name} is added`);
    onDone();
  });
  const title = zone ? `Edit ${zone.name}` : 'New zone';
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={title}
      className="rounded-box border-base-300 bg-base-100 flex flex-col gap-1 border p-4"
    >
      <h3 className="text-lg font-semibold">{title}</h3>
      <TextField label="Zone name" autoComplete="off" {...field('name')} />
      <CountryPicker
        value={countries.field.value}
        onChange={countries.field.onChange}
        error={errors.countries?.message ?? errors.countries?.root?.message}
        disabled={isSubmitting}
      />
      <label className="label text-base-content mt-2 items-start gap-2 whitespace-normal">
        <input type="checkbox" className="checkbox checkbox-sm" {...register('restOfWorld')} />
        Rest of the world: every country that is in no other zone
      </label>
      {errors.restOfWorld?.message && (
        <p className="text-sm text-red-700">{errors.restOfWorld.message}</p>
      )}
      <ClassCheckboxes
        legend="Refuses these parts"
        registration={register('refusedClasses')}
        error={errors.refusedClasses?.message}
      />
      <FormAlert message={failure} />
      <FormActions busy={isSubmitting} onCancel={onDone}>
        {zone ? 'Save zone' : 'Add zone'}
      </FormActions>
    </form>
  );
}
