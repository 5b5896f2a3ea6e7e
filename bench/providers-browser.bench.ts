// Benchmark of the providers panel in headless Chromium against a production build: for a tool of 20 properties,
// each keystroke in one property's description re-encodes the request of every API variant (16) and re-lints
// the tools; measured in the page (performance.measure from ProvidersState and the panel), per edit: encode,
// lint, their sum, and the way to the updated payload on screen. Target: encode + lint under 16 ms at p95.
import { cpus, loadavg } from 'node:os';
import type { Page } from 'playwright';
import { withProductionSite } from './support/production-site.ts';
import { percentile } from './support/stats.ts';
import { TYPING_TOOL_PREFIX, TYPING_TOOL_SUFFIX } from './support/typing-tool.ts';

const KEYSTROKES = 50;

function summary(values: number[]): string {
  if (values.length === 0) return 'no samples';
  return `p50 ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms, max ${Math.max(...values).toFixed(2)} ms (n=${values.length})`;
}

async function prepare(page: Page, url: string): Promise<void> {
  page.on('pageerror', (error) => console.error('  page error:', error.message));
  await page.goto(`${url}?welcome=0`);
  await page.getByTestId('schema-json').waitFor({ timeout: 90_000 });
  await page.getByTestId('tool-add').click();
  await page.getByTestId('tool-add-typescript').click();
  await page.getByTestId('editor').locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(TYPING_TOOL_PREFIX + TYPING_TOOL_SUFFIX);
  await page.getByTestId('view-tab-providers').click();
  await page.getByTestId('providers-json-text').filter({ hasText: '"p20"' }).waitFor({ timeout: 90_000 });
  // Back into the editor without moving the cursor by a click: to the end, then inside the last description.
  await page.getByTestId('editor').locator('.cm-content').focus();
  await page.keyboard.press('ControlOrMeta+End');
  for (let i = 0; i < TYPING_TOOL_SUFFIX.length; i++) await page.keyboard.press('ArrowLeft');
}

/** Types letters into the last description; each one waits until the payload on screen shows it. */
let typed = '';

async function typeAndMeasure(page: Page): Promise<{ encode: number[]; lint: number[]; work: number[]; toDom: number[] }> {
  await page.waitForTimeout(500);
  await page.evaluate(() => ['pi:providers-encode', 'pi:providers-encode-more', 'pi:providers-lint', 'pi:providers-to-dom'].forEach((m) => performance.clearMeasures(m)));
  for (let i = 0; i < KEYSTROKES; i++) {
    typed += String.fromCharCode(97 + (i % 26));
    await page.keyboard.type(typed.at(-1)!);
    await page.getByTestId('providers-json-text').filter({ hasText: `typed:${typed}"` }).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(60);
  }
  const [first, more, lint, toDom] = await page.evaluate(() =>
    ['pi:providers-encode', 'pi:providers-encode-more', 'pi:providers-lint', 'pi:providers-to-dom'].map((name) => performance.getEntriesByName(name).map((e) => [e.startTime, e.duration])));
  // The open API is encoded before the frame (`pi:providers-encode`), the other 15 after it (`-more`): per edit, all.
  const encode = first.map(([start, ms], i) => ms + more.filter(([at]) => at > start && at < (first[i + 1]?.[0] ?? Infinity)).reduce((sum, [, d]) => sum + d, 0));
  // One encode and one lint per edit (the tools changed, the prompt did not): pair them up.
  const work = encode.map((ms, i) => ms + (lint[i]?.[1] ?? 0));
  return { encode, lint: lint.map(([, d]) => d), work, toDom: toDom.map(([, d]) => d) };
}

export async function run(): Promise<void> {
  await withProductionSite({}, async (url, browser) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await prepare(page, url);
    console.log(`providers (browser): edit one description of a 20-property tool among 9, re-encode 16 API variants + lint (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`);
    for (const [label, setup] of [
      ['first request, tools only', async () => {}],
      ['after a parallel batch, whole request', async () => {
        await page.getByTestId('providers-conversation').selectOption('after-batch');
        await page.getByTestId('providers-scope-request').click();
        await page.getByTestId('editor').locator('.cm-content').focus();
      }],
    ] as const) {
      await setup();
      const { encode, lint, work, toDom } = await typeAndMeasure(page);
      console.log(`  ${label}`);
      console.log(`    encode + lint per edit:     ${summary(work)}`);
      console.log(`      of which encode (16):     ${summary(encode)}`);
      console.log(`      of which lint:            ${summary(lint)}`);
      console.log(`    encode to payload on screen: ${summary(toDom)}`);
    }
    await context.close();
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
