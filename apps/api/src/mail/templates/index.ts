import { type ReactElement, createElement } from 'react';
import type { ShopOrigin } from './layout';
import { PasswordResetEmail, type PasswordResetData, passwordResetSubject } from './password-reset';

export type { ShopOrigin } from './layout';
export { EMAIL_MAX_WIDTH_PX } from './brand';

/**
 * Every email the shop sends, by name, with the data it needs. Adding one: a component in this
 * folder, its data type here, its entry in `templates`; then `mail.enqueue({ to, template,
 * data })` anywhere in the API.
 */
export interface TemplateData {
  'password-reset': PasswordResetData;
}

export type TemplateName = keyof TemplateData;

interface Template<Data> {
  subject: (data: Data) => string;
  render: (origin: ShopOrigin, data: Data) => ReactElement;
}

export const templates: { [Name in TemplateName]: Template<TemplateData[Name]> } = {
  'password-reset': {
    subject: passwordResetSubject,
    render: (origin, data) => createElement(PasswordResetEmail, { origin, data }),
  },
};

export const isTemplateName = (name: string): name is TemplateName => name in templates;
