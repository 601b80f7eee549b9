import { normalisePartNumber } from '@shop/shared';

/** Words beyond this many are not read: nobody types more to find a part. */
const WORDS_MAX = 12;
/** A model is named in at most this many words ("ThinkPad X1 Carbon"). */
const MODEL_WORDS_MAX = 3;

/** What the search reads in the text a buyer typed (docs/product.md, Search). */
export interface SearchWords {
  /** The words, letters and digits only ("01-av-431" is one word, "01av431"). */
  words: string[];
  /** The whole text normalised as part numbers are: "01-av-431" -> "01AV431". */
  whole: string;
  /** Each word normalised, when long enough to be a part number (3 characters or more). */
  numbers: string[];
  /** One to three consecutive words normalised, each a way to write a model or an alias. */
  modelNames: string[];
  /** A full-text query: every word, the last one as a prefix (it may still be being typed). */
  textQuery: string;
  /** The words before the last, as a full-text query ('' when there is one word). */
  leadingQuery: string;
  /** The last word, as typed ('' when there is none). */
  last: string;
  /** The last word normalised as model names and aliases are ("T480"). */
  lastNormalised: string;
}

/**
 * Splits what was typed into the forms the search compares. Only letters and digits reach the
 * full-text query, so no character typed can change its syntax.
 */
export function searchWords(text: string): SearchWords {
  const words = text
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase())
    .filter(Boolean)
    .slice(0, WORDS_MAX);
  const modelNames = new Set<string>();
  for (let start = 0; start < words.length; start += 1) {
    for (let length = 1; length <= MODEL_WORDS_MAX && start + length <= words.length; length += 1) {
      const name = normalisePartNumber(words.slice(start, start + length).join(''));
      if (name.length >= 2) modelNames.add(name);
    }
  }
  return {
    words,
    whole: normalisePartNumber(text),
    numbers: [...new Set(words.map(normalisePartNumber).filter((word) => word.length >= 3))],
    modelNames: [...modelNames],
    textQuery: words
      .map((word, index) => (index === words.length - 1 ? `${word}:*` : word))
      .join(' & '),
    leadingQuery: words.slice(0, -1).join(' & '),
    last: words.at(-1) ?? '',
    lastNormalised: normalisePartNumber(words.at(-1) ?? ''),
  };
}
