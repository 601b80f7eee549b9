import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from './save-file';

/** The page's body and the one link saveFile makes, as far as it uses them (no DOM in Node). */
function fakePage() {
  const events: string[] = [];
  const link = {
    href: '',
    download: '',
    click: vi.fn(() => events.push(`click ${link.download}`)),
    remove: vi.fn(() => events.push('remove')),
  };
  const body = { append: vi.fn(() => events.push('append')) };
  const document = { body, createElement: vi.fn(() => link) };
  const url = {
    createObjectURL: vi.fn(() => 'blob:http://shop/1'),
    revokeObjectURL: vi.fn((href: string) => events.push(`revoke ${href}`)),
  };
  vi.stubGlobal('document', document);
  vi.stubGlobal('URL', url);
  return { events, link, document, url };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('saveFile', () => {
  it('clicks a link to the file under its name, then takes the link away', () => {
    const { events, link, document, url } = fakePage();
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    saveFile(pdf, 'invoice-2026-000123.pdf');
    expect(url.createObjectURL).toHaveBeenCalledWith(pdf);
    expect(document.createElement).toHaveBeenCalledWith('a');
    expect(link).toMatchObject({ href: 'blob:http://shop/1', download: 'invoice-2026-000123.pdf' });
    expect(events).toEqual(['append', 'click invoice-2026-000123.pdf', 'remove']);
  });

  it('frees the file only after the browser has had time to start the download', () => {
    const { events, url } = fakePage();
    saveFile(new Blob(['a,b']), 'orders.csv');
    vi.advanceTimersByTime(1_000);
    expect(url.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(url.revokeObjectURL).toHaveBeenCalledOnce();
    expect(events.at(-1)).toBe('revoke blob:http://shop/1');
  });
});
