import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * What a reader of a PDF can select and copy: its text as `pdftotext -layout` extracts it
 * (poppler-utils), and its page count as `pdfinfo` reads it. A PDF whose text were drawn as
 * shapes, or cut, would fail the tests that read it.
 */
export async function pdfText(pdf: Uint8Array): Promise<{ text: string; pages: number }> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-pdf-'));
  const file = path.join(folder, 'document.pdf');
  try {
    await fs.writeFile(file, pdf);
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    const { stdout: info } = await run('pdfinfo', [file]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    return { text, pages };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
