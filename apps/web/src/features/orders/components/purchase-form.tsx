import { zodResolver } from '@hookform/resolvers/zod';
import {
  checkDestination,
  messages,
  type Order,
  purchaseFields,
  timesQuantity,
  type Tool,
  formatMoney,
} from '@shop/shared';
import { FormProvider, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { DeliveryFields } from '../../../components/delivery/delivery-fields';
import { BuyerFields, NeededByField } from '../../../components/delivery/order-form-fields';
import { QuoteSummary } from '../../../components/delivery/quote-summary';
import { ShippingMethods } from '../../../components/delivery/shipping-methods';
import { useDeliveryQuote } from '../../../components/delivery/use-delivery-quote';
import { useOrderForm } from '../../../components/delivery/use-order-form';
import { NeededByFieldSchema } from '../../../lib/needed-by-schema';
import { formatCount } from '../../../lib/format';
import { useCreatePurchase } from '../api/create-purchase';
import { isQuantityInRange } from '../../../lib/quantity';
import { SubmitButton } from '../../../components/ui/submit-button';

/**
 * The shared purchase schema, as the form holds it: the tool comes from the page, and the
 * "needed by" day, when one is chosen, is not over yet on the shop's calendar, the same check
 * as the server's. Built from the shared fields and check: a refined schema cannot be
 * narrowed or extended.
 */
const { toolId: _fromThePage, ...purchaseFormFields } = purchaseFields;
const PurchaseFormSchema = z
  .object({ ...purchaseFormFields, neededBy: NeededByFieldSchema })
  .strict()
  .superRefine(checkDestination);
const resolver = zodResolver(PurchaseFormSchema);

interface PurchaseFormProps {
  tool: Tool;
  buyer: { name: string; email: string };
  /** YYYY-MM-DD from Our Moto's calendar (already checked), or ''. */
  initialNeededBy: string;
  /** The server accepted the order. */
  onPurchased: (order: Order) => void;
}

const usePurchaseForm = ({ tool, initialNeededBy, onPurchased }: PurchaseFormProps) => {
  const purchase = useCreatePurchase();
  return useOrderForm({
    resolver,
    defaults: { quantity: tool.minOrderQuantity },
    initialNeededBy,
    place: (values, idempotencyKey) =>
      purchase.mutateAsync({ purchase: { toolId: tool._id, ...values }, idempotencyKey }),
    placedMessage: messages.success.purchased,
    onPlaced: onPurchased,
  });
};
type PurchaseFormMethods = ReturnType<typeof usePurchaseForm>;

/**
 * The purchase form: who buys and the tool's price and stock (read only), then where it goes
 * (the delivery fields), the quantity and "needed by" date, the shipping methods that can take
 * it there and what it all costs. A quantity outside min..available shows the notice and
 * disables Purchase, as does a destination nothing can ship this part to. The page stays until
 * the server has accepted the order; a refusal (stock gone) is shown here in red.
 */
export function PurchaseForm(props: PurchaseFormProps) {
  const form = usePurchaseForm(props);
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.onSubmit}
        aria-label="Purchase"
        className="flex flex-col gap-1"
      >
        <PurchaseFields
          tool={props.tool}
          buyer={props.buyer}
          field={form.field}
          control={form.control}
          failure={form.failure}
          busy={form.formState.isSubmitting}
        />
      </form>
    </FormProvider>
  );
}

interface PurchaseFieldsProps {
  tool: Tool;
  buyer: { name: string; email: string };
  field: PurchaseFormMethods['field'];
  control: PurchaseFormMethods['control'];
  failure: string | null;
  busy: boolean;
}

/** The form's fields, inside its FormProvider, where the delivery's quote is read. */
function PurchaseFields({ tool, buyer, field, control, failure, busy }: PurchaseFieldsProps) {
  const quantity = useWatch({ control, name: 'quantity' });
  const min = tool.minOrderQuantity;
  const available = tool.availableQuantity;
  const quantityOk = isQuantityInRange(Number(quantity), min, available);
  const soldOut = available < min;
  const delivery = useDeliveryQuote(
    quantityOk ? [{ toolId: tool._id, quantity: Number(quantity), name: tool.name }] : null,
  );

  const { error: quantityError, ...quantityInput } = field('quantity', { valueAsNumber: true });
  return (
    <>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <BuyerFields buyer={buyer} />
        <FormField label="Price per unit">
          {(control) => (
            <input {...control} className="input w-full" value={formatMoney(tool.price)} disabled />
          )}
        </FormField>
        <FormField label="Available quantity">
          {(control) => (
            <input {...control} className="input w-full" value={formatCount(available)} disabled />
          )}
        </FormField>
      </div>

      <DeliveryFields buyerName={buyer.name} buyerEmail={buyer.email} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField
          label="Quantity"
          error={quantityError}
          hint={
            <span className={quantityOk ? '' : 'font-semibold text-red-700'} role="status">
              {quantityOk
                ? `Between ${min} and ${available}`
                : messages.quantityNotice(min, available)}
            </span>
          }
        >
          {(control) => (
            <input
              {...control}
              aria-invalid={!quantityOk || quantityError ? true : undefined}
              type="number"
              inputMode="numeric"
              min={min}
              max={available}
              step={1}
              className={`input w-full ${quantityOk && !quantityError ? '' : 'input-error'}`}
              {...quantityInput}
            />
          )}
        </FormField>
        <NeededByField chosen={delivery.chosen} />
      </div>

      <ShippingMethods delivery={delivery} />
      <div className="rounded-box bg-base-200 mt-2 px-4 py-3">
        <QuoteSummary
          quote={delivery.shown}
          chosen={delivery.chosen}
          subtotal={timesQuantity(tool.price, quantityOk ? Number(quantity) : min)}
          working={delivery.working}
        />
      </div>

      {soldOut && (
        <p className="text-sm font-semibold text-red-700">
          This tool is sold out in the minimum order quantity for now.
        </p>
      )}
      <FormAlert message={failure} className="mt-2" />
      <SubmitButton
        busy={busy}
        disabled={!quantityOk || delivery.blocked}
        className="mt-4 w-full sm:w-auto sm:self-start"
      >
        Purchase
      </SubmitButton>
    </>
  );
}
