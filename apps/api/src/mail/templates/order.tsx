import type { ReactNode } from 'react';
import { Link, Section, Text } from '@react-email/components';
import { formatMoney, messages, SHOP_TIME_ZONE } from '@shop/shared';
import { brand } from './brand';
import { EmailLayout, Paragraph, PrimaryButton, type ShopOrigin } from './layout';

/** One line of an order as its emails show it; money in dollars, as the API answers it. */
export interface OrderEmailLine {
  tool: string;
  quantity: number;
  unitPrice: number;
  price: number;
}

/** What an order was charged besides its lines (orders placed since issue 35); dollars. */
export interface OrderCharges {
  subtotal: number;
  shippingMethod: string;
  shipping: number;
  taxName: string;
  taxRate: number;
  tax: number;
  pricesIncludeTax: boolean;
}

/** What every order email carries: the order, its buyer's name, its lines and total, a link. */
export interface OrderEmailData {
  orderId: string;
  /**
   * The order's number as `formatOrderNumber` writes it ("ORD-000123", issue 49), as every
   * screen, PDF and export names it; emails queued before it got theirs from migration 0033.
   */
  orderNumber: string;
  /** The greeting's name: the buyer's, or the admin's for the admins' alert. */
  name: string;
  lines: OrderEmailLine[];
  /** Absent in emails queued before shipping and tax were charged. */
  charges?: OrderCharges;
  total: number;
  /** The order's page on the shop (its payment page while unpaid). */
  url: string;
}

export interface OrderPlacedData extends OrderEmailData {
  /** ISO time the order is held until (its pay-by time). */
  payBy: string;
}
export interface OrderPaidData extends OrderEmailData {
  transactionId: string;
  /** The invoice attached to the buyer's receipt (issue 36); absent from the admins' email. */
  invoiceNumber?: string;
}
export interface OrderShippedData extends OrderEmailData {
  address: string;
  /** Its carrier and tracking (issue 49); absent when shipped without a carrier. */
  shipment?: { carrier: string; trackingNumber: string | null; trackingUrl: string | null };
}
export interface OrderCancelledData extends OrderEmailData {
  /** Who ended it: its buyer, the shop (an admin, a removal), or its pay-by time. */
  why: 'buyer' | 'shop' | 'expired';
}
export interface OrderPaidAdminData extends OrderPaidData {
  buyerName: string;
  buyerEmail: string;
}

const words = messages.email.order;

const shopTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: SHOP_TIME_ZONE,
});

const cell = { fontSize: '14px', lineHeight: '20px', margin: 0, padding: '6px 0' } as const;

/**
 * The order's lines and its total, one line of text each ("Torx T5 driver: 10 × $2.50 =
 * $25.00"), so the plain-text part reads as well as the HTML.
 */
function OrderLines({ data }: { data: OrderEmailData }) {
  return (
    <Section
      style={{
        margin: '0 0 16px',
        padding: '8px 16px',
        backgroundColor: brand.base200,
        borderRadius: '8px',
      }}
    >
      <Text style={{ ...cell, fontWeight: 700 }}>{words.number(data.orderNumber)}</Text>
      {data.lines.map((line, index) => (
        <Text key={index} style={{ ...cell, borderTop: `1px solid ${brand.base300}` }}>
          {`${line.tool}: ${line.quantity} × ${formatMoney(line.unitPrice)} = ${formatMoney(line.price)}`}
        </Text>
      ))}
      {data.charges && <Charges charges={data.charges} />}
      <Text style={{ ...cell, borderTop: `1px solid ${brand.base300}`, fontWeight: 700 }}>
        {`${words.total}: ${formatMoney(data.total)}`}
      </Text>
    </Section>
  );
}

/** Subtotal, shipping and tax, a line each, before the total. */
function Charges({ charges }: { charges: OrderCharges }) {
  const rows = [
    `${words.subtotal}: ${formatMoney(charges.subtotal)}`,
    `${words.shipping(charges.shippingMethod)}: ${formatMoney(charges.shipping)}`,
    `${words.tax(charges.taxName, charges.taxRate, charges.pricesIncludeTax)}: ${formatMoney(charges.tax)}`,
  ];
  return rows.map((row) => (
    <Text key={row} style={{ ...cell, borderTop: `1px solid ${brand.base300}` }}>
      {row}
    </Text>
  ));
}

function OrderEmail({
  origin,
  data,
  subject,
  preview,
  body,
  button,
  children,
}: {
  origin: ShopOrigin;
  data: OrderEmailData;
  subject: string;
  preview: string;
  body: string;
  button?: string;
  children?: ReactNode;
}) {
  return (
    <EmailLayout origin={origin} preview={preview} heading={subject}>
      <Paragraph>{messages.email.greeting(data.name)}</Paragraph>
      <Paragraph>{body}</Paragraph>
      <OrderLines data={data} />
      {children}
      <PrimaryButton href={data.url}>{button ?? words.view}</PrimaryButton>
    </EmailLayout>
  );
}

export const orderPlacedSubject = (data: OrderPlacedData) => words.placed.subject(data.orderNumber);
export function OrderPlacedEmail({ origin, data }: { origin: ShopOrigin; data: OrderPlacedData }) {
  return (
    <OrderEmail
      origin={origin}
      data={data}
      subject={orderPlacedSubject(data)}
      preview={words.placed.preview}
      body={words.placed.body(shopTime.format(new Date(data.payBy)))}
      button={words.placed.button}
    />
  );
}

export const orderPaidSubject = (data: OrderPaidData) => words.paid.subject(data.orderNumber);
export function OrderPaidEmail({ origin, data }: { origin: ShopOrigin; data: OrderPaidData }) {
  return (
    <OrderEmail
      origin={origin}
      data={data}
      subject={orderPaidSubject(data)}
      preview={words.paid.preview}
      body={words.paid.body}
    >
      <Paragraph>{`${words.transactionId}: ${data.transactionId}`}</Paragraph>
      {data.invoiceNumber ? <Paragraph>{words.paid.invoice(data.invoiceNumber)}</Paragraph> : null}
    </OrderEmail>
  );
}

export const orderShippedSubject = (data: OrderShippedData) =>
  words.shipped.subject(data.orderNumber);
export function OrderShippedEmail({
  origin,
  data,
}: {
  origin: ShopOrigin;
  data: OrderShippedData;
}) {
  return (
    <OrderEmail
      origin={origin}
      data={data}
      subject={orderShippedSubject(data)}
      preview={words.shipped.preview}
      body={words.shipped.body}
    >
      <Paragraph>{`${words.address}: ${data.address}`}</Paragraph>
      {data.shipment && <Shipment shipment={data.shipment} />}
    </OrderEmail>
  );
}

/** The carrier, and the tracking number with its link written out, so the text part has it. */
function Shipment({ shipment }: { shipment: NonNullable<OrderShippedData['shipment']> }) {
  return (
    <>
      <Paragraph>{words.shipped.carrier(shipment.carrier)}</Paragraph>
      {shipment.trackingNumber && (
        <Paragraph>{words.shipped.trackingNumber(shipment.trackingNumber)}</Paragraph>
      )}
      {shipment.trackingUrl && (
        <Paragraph>
          {`${words.shipped.track}: `}
          <Link
            href={shipment.trackingUrl}
            style={{ color: brand.primary, wordBreak: 'break-all' }}
          >
            {shipment.trackingUrl}
          </Link>
        </Paragraph>
      )}
    </>
  );
}

const cancelledBody = {
  buyer: words.cancelled.byBuyer,
  shop: words.cancelled.byShop,
  expired: words.cancelled.expired,
} as const;
export const orderCancelledSubject = (data: OrderCancelledData) =>
  words.cancelled.subject(data.orderNumber);
export function OrderCancelledEmail({
  origin,
  data,
}: {
  origin: ShopOrigin;
  data: OrderCancelledData;
}) {
  return (
    <OrderEmail
      origin={origin}
      data={data}
      subject={orderCancelledSubject(data)}
      preview={words.cancelled.preview}
      body={cancelledBody[data.why]}
    />
  );
}

export const orderPaidAdminSubject = (data: OrderPaidAdminData) =>
  words.paidAdmin.subject(data.orderNumber, formatMoney(data.total));
export function OrderPaidAdminEmail({
  origin,
  data,
}: {
  origin: ShopOrigin;
  data: OrderPaidAdminData;
}) {
  return (
    <OrderEmail
      origin={origin}
      data={data}
      subject={orderPaidAdminSubject(data)}
      preview={words.paidAdmin.preview}
      body={words.paidAdmin.body(data.buyerName, data.buyerEmail)}
    >
      <Paragraph>{`${words.transactionId}: ${data.transactionId}`}</Paragraph>
    </OrderEmail>
  );
}
