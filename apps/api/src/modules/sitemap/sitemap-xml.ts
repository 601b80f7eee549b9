import { Readable, pipeline } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  ErrorLevel,
  SitemapIndexStream,
  SitemapStream,
  type SitemapItemLoose,
  streamToPromise,
} from 'sitemap';
import type { SitemapUrl } from './sitemap.service';

/** Plain sitemaps: none of the news, image, video or hreflang extensions the library may add. */
const NO_EXTENSIONS = { news: false, xhtml: false, image: false, video: false };

/**
 * The library writes each URL over a few ticks of its own without giving the event loop a turn
 * (a batch of 5,000 held it for about 240 ms); a turn every this many URLs keeps the other
 * requests' waits to a few milliseconds.
 */
const URLS_PER_TURN = 200;

/** The response's pieces: the library's are a tag each, far too small to be written one by one. */
const CHUNK_CHARACTERS = 64 * 1024;

const item = (url: SitemapUrl): SitemapItemLoose => ({
  url: url.loc,
  lastmod: url.lastmod?.toISOString(),
});

async function* itemsOf(pages: AsyncIterable<SitemapUrl[]>): AsyncGenerator<SitemapItemLoose> {
  for await (const urls of pages) {
    for (let start = 0; start < urls.length; start += URLS_PER_TURN) {
      if (start > 0) await nextTurn();
      yield* urls.slice(start, start + URLS_PER_TURN).map(item);
    }
  }
}

async function* xmlChunks(pages: AsyncIterable<SitemapUrl[]>): AsyncGenerator<Uint8Array> {
  const xml = new SitemapStream({ xmlns: NO_EXTENSIONS, level: ErrorLevel.THROW });
  // A failed read destroys `xml` with its error, which the loop below then throws.
  pipeline(Readable.from(itemsOf(pages)), xml, () => {});
  const encoder = new TextEncoder();
  let text = '';
  for await (const piece of xml as AsyncIterable<string>) {
    text += piece;
    if (text.length >= CHUNK_CHARACTERS) {
      yield encoder.encode(text);
      text = '';
    }
  }
  if (text) yield encoder.encode(text);
}

/**
 * A sitemap's XML (sitemaps.org) as a response body, written as it is read: nothing is read
 * before the client asks for the first bytes, and a page of rows is read only once the client
 * has taken what came before it.
 */
export const sitemapXml = (pages: AsyncIterable<SitemapUrl[]>): ReadableStream<Uint8Array> =>
  ReadableStream.from(xmlChunks(pages));

/** A small sitemap's XML, whole. */
export async function smallSitemapXml(urls: SitemapUrl[]): Promise<string> {
  const xml = new SitemapStream({ xmlns: NO_EXTENSIONS, level: ErrorLevel.THROW });
  for (const url of urls) xml.write(item(url));
  xml.end();
  return (await streamToPromise(xml)).toString();
}

/** The sitemap index's XML: each sitemap's absolute URL and its newest URL's date. */
export async function sitemapIndexXml(sitemaps: SitemapUrl[]): Promise<string> {
  const xml = new SitemapIndexStream({ level: ErrorLevel.THROW });
  for (const sitemap of sitemaps) xml.write(item(sitemap));
  xml.end();
  return (await streamToPromise(xml)).toString();
}
