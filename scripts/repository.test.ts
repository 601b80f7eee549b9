import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The repository stands on its own: its docs and comments point only at what it contains. */
const root = path.resolve(import.meta.dirname, '..');
const trackedFiles = () =>
  execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && fs.existsSync(path.join(root, file)));

// Written in pieces so this file does not name them itself.
const outsideDocuments = ['SPEC', 'DESIGN', 'STYLE'].map((name) => `${name}.md`);
const outsideFolder = ['..', 'shared'].join('/');

describe('the repository', () => {
  it('names no document that lives outside it, except in decision records (their history)', () => {
    const offenders = trackedFiles()
      .filter((file) => !file.startsWith('docs/decisions/'))
      .filter((file) => {
        const text = fs.readFileSync(path.join(root, file), 'utf8');
        return outsideDocuments.some((name) => text.includes(name)) || text.includes(outsideFolder);
      });
    expect(offenders).toEqual([]);
  });

  it('dates every decision record, gives it a status and lists it in the index', () => {
    const folder = path.join(root, 'docs/decisions');
    const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');
    const records = fs.readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      const head = fs.readFileSync(path.join(folder, record), 'utf8').slice(0, 400);
      expect(head, record).toMatch(/^Date: \d{4}-\d{2}-\d{2}\. Status: \w+/m);
      expect(index, record).toContain(`](${record})`);
    }
  });

  it('has no broken relative link in its markdown', () => {
    const broken: string[] = [];
    for (const file of trackedFiles().filter((name) => name.endsWith('.md'))) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:|^#/.test(target!)) continue;
        const withoutAnchor = target!.split('#')[0]!;
        if (!fs.existsSync(path.resolve(root, path.dirname(file), withoutAnchor))) {
          broken.push(`${file} -> ${target}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
