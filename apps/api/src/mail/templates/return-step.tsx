import { Section, Text } from '@react-email/components';
import { formatMoney, messages, type ReturnStatus } from '@shop/shared';
import { brand } from './brand';
import { EmailLayout, Paragraph, PrimaryButton, type ShopOrigin } from './layout';

const words = messages.email.order;

/** A step of a return, as its buyer's email tells it; money in dollars. */
export interface ReturnStepData {
  orderId: string;
  /** "ORD-000123" (issue 49). */
  orderNumber: string;
  name: string;
  step: ReturnStatus;
  lines: { tool: string; quantity: number }[];
  /** The reason as the buyer chose it ("Does not fit"). */
  reason: string;
  /** The admin's message when authorising or refusing. */
  message: string | null;
  /** Once refunded: what went back, and the restocking fee kept. */
  refund: { amount: number; fee: number } | null;
  /** The order's page. */
  url: string;
}

const cell = { fontSize: '14px', lineHeight: '20px', margin: 0, padding: '6px 0' } as const;

export const returnStepSubject = (data: ReturnStepData) =>
  words.returnStep[data.step].subject(data.orderNumber);

export function ReturnStepEmail({ origin, data }: { origin: ShopOrigin; data: ReturnStepData }) {
  const step = words.returnStep[data.step];
  const rows = [
    ...data.lines.map((line) => `${line.tool}: ${line.quantity}`),
    `${words.returnStep.reason}: ${data.reason}`,
    ...(data.refund
      ? [
          words.returnStep.refundedAmount(formatMoney(data.refund.amount)),
          ...(data.refund.fee > 0 ? [words.returnStep.fee(formatMoney(data.refund.fee))] : []),
        ]
      : []),
  ];
  return (
    <EmailLayout origin={origin} preview={step.body} heading={returnStepSubject(data)}>
      <Paragraph>{messages.email.greeting(data.name)}</Paragraph>
      <Paragraph>{step.body}</Paragraph>
      {data.message ? (
        <Paragraph>{`${words.returnStep.message}: ${data.message}`}</Paragraph>
      ) : null}
      <Section
        style={{
          margin: '0 0 16px',
          padding: '8px 16px',
          backgroundColor: brand.base200,
          borderRadius: '8px',
        }}
      >
        <Text style={{ ...cell, fontWeight: 700 }}>{words.number(data.orderNumber)}</Text>
        {rows.map((row) => (
          <Text key={row} style={{ ...cell, borderTop: `1px solid ${brand.base300}` }}>
            {row}
          </Text>
        ))}
      </Section>
      <PrimaryButton href={data.url}>{words.view}</PrimaryButton>
    </EmailLayout>
  );
}
