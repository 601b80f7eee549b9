import { type ReactElement, createElement } from 'react';
import type { ShopOrigin } from './layout';
import {
  OrderCancelledEmail,
  type OrderCancelledData,
  OrderPaidAdminEmail,
  type OrderPaidAdminData,
  OrderPaidEmail,
  type OrderPaidData,
  OrderPlacedEmail,
  type OrderPlacedData,
  OrderShippedEmail,
  type OrderShippedData,
  orderCancelledSubject,
  orderPaidAdminSubject,
  orderPaidSubject,
  orderPlacedSubject,
  orderShippedSubject,
} from './order';
import { PasswordResetEmail, type PasswordResetData, passwordResetSubject } from './password-reset';
import { ReturnStepEmail, type ReturnStepData, returnStepSubject } from './return-step';
import { VerifyEmail, type VerifyEmailData, verifyEmailSubject } from './verify-email';

export type { ShopOrigin } from './layout';
export type { OrderEmailLine } from './order';
export { EMAIL_MAX_WIDTH_PX } from './brand';

/**
 * Every email the shop sends, by name, with the data it needs. Adding one: a component in this
 * folder, its data type here, its entry in `templates`; then `mail.enqueue({ to, template,
 * data })` anywhere in the API.
 */
export interface TemplateData {
  'password-reset': PasswordResetData;
  'verify-email': VerifyEmailData;
  'order-placed': OrderPlacedData;
  'order-paid': OrderPaidData;
  'order-shipped': OrderShippedData;
  'order-cancelled': OrderCancelledData;
  'order-paid-admin': OrderPaidAdminData;
  'return-step': ReturnStepData;
}

export type TemplateName = keyof TemplateData;

interface Template<Data> {
  subject: (data: Data) => string;
  render: (origin: ShopOrigin, data: Data) => ReactElement;
}

const template = <Data>(
  subject: (data: Data) => string,
  component: (props: { origin: ShopOrigin; data: Data }) => ReactElement,
): Template<Data> => ({
  subject,
  render: (origin, data) => createElement(component, { origin, data }),
});

export const templates: { [Name in TemplateName]: Template<TemplateData[Name]> } = {
  'password-reset': template(passwordResetSubject, PasswordResetEmail),
  'verify-email': template(verifyEmailSubject, VerifyEmail),
  'order-placed': template(orderPlacedSubject, OrderPlacedEmail),
  'order-paid': template(orderPaidSubject, OrderPaidEmail),
  'order-shipped': template(orderShippedSubject, OrderShippedEmail),
  'order-cancelled': template(orderCancelledSubject, OrderCancelledEmail),
  'order-paid-admin': template(orderPaidAdminSubject, OrderPaidAdminEmail),
  'return-step': template(returnStepSubject, ReturnStepEmail),
};

export const isTemplateName = (name: string): name is TemplateName => name in templates;
