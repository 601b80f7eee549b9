import { z } from 'zod';

/**
 * Single-line text (names, emails, phones, links, ids) holds no line breaks or tabs; multi-line
 * text (addresses, descriptions) keeps tab, line feed and carriage return, as a textarea sends them.
 */
export type TextKind = 'single-line' | 'multi-line';

/**
 * Control characters: C0 (U+0000-U+001F), DEL (U+007F) and C1 (U+0080-U+009F), the Unicode
 * category Cc. PostgreSQL refuses NUL in text; the others are invisible and have no place in a
 * shop's data. The line and paragraph separators (U+2028, U+2029) count too: they break lines
 * where no line break is allowed (a name, a CSV cell, an email header) and are not what a
 * textarea sends. Unpaired surrogate halves (JSON can carry "\uD800") are not text either:
 * UTF-8 cannot hold them, so the database driver would silently store U+FFFD instead.
 */
const CONTROL_OR_LONE_SURROGATE = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
const CONTROL_OR_LONE_SURROGATE_EXCEPT_LINE_BREAKS = /(?![\t\n\r])[\p{Cc}\p{Cs}\u2028\u2029]/u;

// Stryker disable next-line StringLiteral: equivalent (docs/testing.md): any kind but 'multi-line' is single-line
export function hasControlCharacters(value: string, kind: TextKind = 'single-line'): boolean {
  return (
    kind === 'multi-line' ? CONTROL_OR_LONE_SURROGATE_EXCEPT_LINE_BREAKS : CONTROL_OR_LONE_SURROGATE
  ).test(value);
}

export const controlCharactersMessage = (label: string) =>
  `${label} cannot contain control characters`;

/**
 * The one rule for every text field the API accepts, first in a string schema's checks:
 * `z.string().check(noControlCharacters('Address', 'multi-line')).trim()...`. It looks at the
 * text as sent (before trimming) and stops the other checks, so the field shows one clear message.
 */
// Stryker disable next-line StringLiteral: equivalent (docs/testing.md): any kind but 'multi-line' is single-line
export const noControlCharacters = (label: string, kind: TextKind = 'single-line') =>
  z.refine<string>((value) => !hasControlCharacters(value, kind), {
    message: controlCharactersMessage(label),
    abort: true,
  });
