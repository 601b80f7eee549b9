import { render, toPlainText } from '@react-email/render';
import { type ShopOrigin, type TemplateData, type TemplateName, templates } from './templates';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** An email's subject, its HTML part and its plain-text part (made from the same HTML). */
export async function renderEmail<Name extends TemplateName>(
  template: Name,
  data: TemplateData[Name],
  origin: ShopOrigin,
): Promise<RenderedEmail> {
  const { subject, render: element } = templates[template];
  const html = await render(element(origin, data));
  return { subject: subject(data), html, text: toPlainText(html) };
}
