import fs from 'node:fs';

/** Debian's Chromium (or CHROME_PATH): Playwright never downloads a browser here. */
export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'];
  return candidates.find((candidate) => candidate && fs.existsSync(candidate));
}

/** Flags for a headless Chromium with no network of its own (DEVELOPERS.md). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
