import { type Order, ShipFormSchema, TRACKING_NUMBER_MAX } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField, TextField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { useCarriers } from '../../../lib/get-carriers';
import { useShipOrder } from '../api/ship-order';

type FieldErrors = Partial<Record<'carrierId' | 'trackingNumber', string>>;

interface ShipDialogProps {
  /** The paid order to ship; the dialog is closed without one. */
  order: Order | null;
  onClose: () => void;
  onShipped: (shipped: Order) => void;
}

/**
 * Ship (issue 49): which carrier takes the parcel and its tracking number, which the buyer's
 * order page and the "on its way" email link to. The server builds the link and decides
 * whether the order can go; its refusal is shown under the field it names, or in the dialog.
 * With no carrier kept (Shipping and tax), the order goes without tracking, as it says.
 */
export function ShipDialog({ order, onClose, onShipped }: ShipDialogProps) {
  const carriers = useCarriers();
  const ship = useShipOrder();
  const [carrierId, setCarrierId] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  // Each order opened starts empty (state adjusted while rendering, not in an effect).
  const [openFor, setOpenFor] = useState<string | null>(null);
  const opened = order?._id ?? null;
  if (opened !== openFor) {
    setOpenFor(opened);
    setCarrierId('');
    setTrackingNumber('');
    setErrors({});
    setFailure(null);
  }

  const withoutCarriers = carriers.isSuccess && carriers.data.length === 0;

  const confirm = async () => {
    if (!order || !carriers.isSuccess) return;
    setFailure(null);
    let shipment;
    if (!withoutCarriers) {
      const checked = ShipFormSchema.safeParse({ carrierId, trackingNumber });
      if (!checked.success) {
        const found: FieldErrors = {};
        for (const issue of checked.error.issues) {
          const name = issue.path[0] as keyof FieldErrors;
          found[name] ??= issue.message;
        }
        setErrors(found);
        return;
      }
      shipment = {
        carrierId: checked.data.carrierId,
        ...(checked.data.trackingNumber && { trackingNumber: checked.data.trackingNumber }),
      };
    }
    setErrors({});
    try {
      onShipped(await ship.mutateAsync({ orderId: order._id, shipment }));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields?.carrierId?.[0] || fields?.trackingNumber?.[0]) {
        setErrors({ carrierId: fields.carrierId?.[0], trackingNumber: fields.trackingNumber?.[0] });
      } else {
        setFailure(errorMessage(error));
      }
    }
  };

  return (
    <ConfirmDialog
      open={order !== null}
      title={order ? `Ship ${order.userName}'s order?` : 'Ship this order?'}
      confirmLabel="Ship"
      cancelLabel="Not yet"
      busy={ship.isPending || carriers.isPending}
      error={failure ?? (carriers.isError ? errorMessage(carriers.error) : null)}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>The buyer is emailed that the order is on its way. It cannot be undone.</p>
      {carriers.isPending && <Spinner label="Loading the carriers" />}
      {withoutCarriers && (
        <p className="mt-2 text-sm">
          No carrier is kept yet (Shipping and tax): the order is shipped without tracking.
        </p>
      )}
      {carriers.isSuccess && !withoutCarriers && (
        <div className="mt-2 flex flex-col">
          <FormField label="Carrier" error={errors.carrierId}>
            {(props) => (
              <select
                className={`select w-full ${errors.carrierId ? 'select-error' : ''}`}
                {...props}
                value={carrierId}
                onChange={(event) => {
                  setCarrierId(event.target.value);
                  setErrors((shown) => ({ ...shown, carrierId: undefined }));
                }}
              >
                <option value="">Choose a carrier</option>
                {carriers.data.map((carrier) => (
                  <option key={carrier.id} value={carrier.id}>
                    {carrier.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField
            label="Tracking number (optional)"
            autoComplete="off"
            spellCheck={false}
            maxLength={TRACKING_NUMBER_MAX + 10}
            hint="Letters and digits, with single spaces or dashes between them"
            value={trackingNumber}
            error={errors.trackingNumber}
            onChange={(event) => {
              setTrackingNumber(event.target.value);
              setErrors((shown) => ({ ...shown, trackingNumber: undefined }));
            }}
          />
        </div>
      )}
    </ConfirmDialog>
  );
}
