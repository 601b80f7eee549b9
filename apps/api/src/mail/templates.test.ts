/**
 * Every email the shop sends (issue 19): a text part and an HTML part, the HTML at most 600 px
 * wide and loading nothing but from the shop's own address. A template added to `templates`
 * without a sample here fails the typecheck.
 */
import { describe, expect, it } from 'vitest';
import { renderEmail } from './render-email';
import { EMAIL_MAX_WIDTH_PX, type TemplateData, type TemplateName, templates } from './templates';

const origin = { publicUrl: 'https://shop.example' };

const samples: { [Name in TemplateName]: TemplateData[Name] } = {
  'password-reset': { name: 'Ann', url: 'https://shop.example/reset-password?token=abc123' },
};

/** Every address the HTML would load or send the reader to: src, href, background, CSS url(). */
function addressesIn(html: string) {
  const withoutDoctype = html.replace(/^<!DOCTYPE[^>]*>/i, '');
  return [
    ...[
      ...withoutDoctype.matchAll(
        /\s(?:src|href|background|srcset|action|poster)\s*=\s*"([^"]*)"/gi,
      ),
    ].map((match) => match[1]!),
    ...[...withoutDoctype.matchAll(/url\(\s*['"]?([^'")]+)/gi)].map((match) => match[1]!),
    ...[...withoutDoctype.matchAll(/@import\s+['"]([^'"]+)/gi)].map((match) => match[1]!),
  ];
}

/** Widths in px the HTML sets: max-width and width in styles, and width attributes. */
function widthsIn(html: string) {
  const styleWidths = [...html.matchAll(/(?:^|[;"\s])(?:max-)?width\s*:\s*(\d+(?:\.\d+)?)px/gi)];
  const attributeWidths = [...html.matchAll(/\swidth="(\d+)"/gi)];
  return [...styleWidths, ...attributeWidths].map((match) => Number(match[1]));
}

describe.each(Object.keys(templates) as TemplateName[])('the %s email', (name) => {
  it('has a subject, a text part and an HTML part, with the same link', async () => {
    const email = await renderEmail(name, samples[name] as never, origin);
    expect(email.subject.length).toBeGreaterThan(0);
    expect(email.text.trim().length).toBeGreaterThan(0);
    expect(email.html).toMatch(/^<!DOCTYPE html/i);
    for (const address of addressesIn(email.html).filter((url) => url.includes('token=')))
      expect(email.text).toContain(address);
  });

  it("loads nothing but from the shop's own address, and links nowhere else", async () => {
    const { html } = await renderEmail(name, samples[name] as never, origin);
    const addresses = addressesIn(html);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) {
      expect(new URL(address).origin, address).toBe(origin.publicUrl);
    }
    expect(html).not.toMatch(/<(script|iframe|object|embed|link|video|audio)\b/i);
  });

  it(`is at most ${EMAIL_MAX_WIDTH_PX} px wide`, async () => {
    const { html } = await renderEmail(name, samples[name] as never, origin);
    expect(html).toMatch(new RegExp(`max-width:\\s*${EMAIL_MAX_WIDTH_PX}px`));
    expect(EMAIL_MAX_WIDTH_PX).toBeLessThanOrEqual(600);
    for (const width of widthsIn(html)) expect(width).toBeLessThanOrEqual(600);
  });
});
