import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Order } from '@shop/shared';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
// The pure entry loads Stripe's script only when loadStripe is called, never on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { usePayOrder } from '../api/pay-order';
import { type CardErrorState, notRecorded } from '../utils/card-error';
import { CardForm } from './card-form';

interface StripeCardFormProps {
  publishableKey: string;
  order: Order;
  /** Undefined until the server has created the payment intent: Pay waits for it. */
  clientSecret: string | undefined;
  onPaid: (transactionId: string) => void;
}

/** One Stripe.js per publishable key for the whole visit; a failed load may be tried again. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let loading = stripeByKey.get(publishableKey);
  if (!loading) {
    loading = loadStripe(publishableKey).catch((error: unknown) => {
      stripeByKey.delete(publishableKey);
      throw error;
    });
    stripeByKey.set(publishableKey, loading);
  }
  return loading;
}

const cardStyle = {
  base: {
    fontSize: '16px',
    color: '#1f2937',
    '::placeholder': { color: '#6b7280' },
  },
  invalid: { color: '#b91c1c' },
};

function StripeCardFields({
  order,
  clientSecret,
  onPaid,
}: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const pay = usePayOrder();
  const [cardReady, setCardReady] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<CardErrorState | null>(null);
  const busy = confirming || pay.isPending;
  // Pay waits until the provider is ready and the client secret has arrived.
  const ready = Boolean(stripe && elements && cardReady && clientSecret);

  const onChange = (event: StripeCardElementChangeEvent) =>
    setProblem(event.error ? { field: 'number', message: event.error.message } : null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || busy) return;
    setProblem(null);
    setConfirming(true);
    let transactionId: string | undefined;
    try {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: {
          card,
          billing_details: { name: order.userName, email: order.userEmail },
        },
      });
      if (result.error) {
        setProblem({ field: null, message: result.error.message ?? 'Your card was declined.' });
        return;
      }
      if (result.paymentIntent.status !== 'succeeded') {
        setProblem({
          field: null,
          message: 'The payment was not completed. Please try again or use another card.',
        });
        return;
      }
      transactionId = result.paymentIntent.id;
    } finally {
      setConfirming(false);
    }
    if (!transactionId) return;
    try {
      await pay.mutateAsync({ orderId: order._id, transactionId });
    } catch (error) {
      setProblem(notRecorded(error));
      return;
    }
    onPaid(transactionId);
  };

  return (
    <CardForm onSubmit={onSubmit} problem={problem?.message ?? null} busy={busy} ready={ready}>
      <p className="fieldset-legend pb-1" id="stripe-card-label">
        Card
      </p>
      <div
        className={`input w-full items-center ${problem ? 'input-error' : ''}`}
        role="group"
        aria-labelledby="stripe-card-label"
      >
        <CardElement
          className="w-full"
          options={{ style: cardStyle, hidePostalCode: true, disabled: busy }}
          onReady={() => setCardReady(true)}
          onChange={onChange}
        />
      </div>
    </CardForm>
  );
}

/**
 * Real card payments with Stripe Elements (provider "stripe"). This module is loaded only when
 * the shop is set up for Stripe, and Stripe's script only when it renders.
 */
export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    stripeFor(publishableKey).then(
      (loaded) => {
        if (!current) return;
        if (loaded) setStripe(loaded);
        else setLoadError(new Error('Stripe is not available in this browser.'));
      },
      (error: unknown) => {
        if (current) setLoadError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);

  if (loadError) {
    return (
      <ErrorState
        title="The card form could not be loaded"
        error={loadError}
        onRetry={() => {
          setLoadError(null);
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  if (!stripe) return <Spinner label="Loading the card form" />;
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
