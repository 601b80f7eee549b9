// Takes full-page screenshots in Debian's Chromium, to look at what we built:
//   node scripts/screenshot.mjs http://localhost:3000/ out.png [width=1280]
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from './chromium.mjs';

const [url, output, width = '1280'] = process.argv.slice(2);
if (!url || !output) {
  console.error('usage: node scripts/screenshot.mjs URL OUTPUT.png [WIDTH]');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: output, fullPage: true });
await browser.close();
console.log(`saved ${output}`);
