// Benchmark of the event log with a 10,000-event recording (one answer streamed 4 characters at a time): building
// its rows in Node (raw, chunks and text views), then, in headless Chromium against a production build, switching
// the stream view (every row rebuilt) and scrolling to the middle, each timed to the painted frame.
// These figures used to be asserted in the log's tests; here they are reported (targets: rows under 60 ms, a view
// switch under 400 ms in a dev build and about 50-60 ms in production, a scroll within a frame or two).
import { cpus, loadavg } from 'node:os';
import type { Browser } from 'playwright';
import { VirtualClock } from '../src/engine/index.ts';
import { createStarterWorkspace } from '../src/content/examples/index.ts';
import { encodeWorkspaceFile } from '../src/portable/index.ts';
import type { Workspace } from '../src/portable/index.ts';
import { parseScenario } from '../src/recording/scenario/parse/index.ts';
import { recordScenario } from '../src/recording/recorder/index.ts';
import { buildLogEntries, PI_EVENT_TYPES } from '../src/ui/events/log-entries.ts';
import { withProductionSite } from './support/production-site.ts';
import { percentile } from './support/stats.ts';

const ROUNDS = 7;
const TEXT = 'The quick brown fox jumps over the lazy dog. '.repeat(445).slice(0, 20_000);
const SCENARIO = { prompt: 'Talk for a long time.', timing: { tokenSize: 1 }, turns: [{ content: TEXT }] };

const summary = (values: number[]) =>
  `best ${Math.min(...values).toFixed(1)} ms, p50 ${percentile(values, 50).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (n=${values.length})`;

async function rowsInNode(): Promise<void> {
  const parsed = parseScenario(JSON.stringify(SCENARIO));
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  const recording = await recordScenario(parsed.scenario, { id: 'r', clock: new VirtualClock(), tools: [] }).finished;
  const n = recording.events.length;
  console.log(`event log: ${n} events, rows built in Node (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`);
  for (const stream of ['raw', 'chunks', 'text'] as const) {
    const filter = { types: new Set(PI_EVENT_TYPES), toolCallId: null, trace: true, stream };
    buildLogEntries(recording.events, n, filter); // each event described once, as the panel's cache does
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      buildLogEntries(recording.events, n, filter);
      times.push(performance.now() - started);
    }
    console.log(`  ${stream} view: ${summary(times)}`);
  }
}

async function panelInBrowser(browser: Browser, url: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url);
  await page.getByTestId('app').and(page.locator('[data-ready="true"]')).waitFor();
  // The workspace comes in as a user's would: a workspace file, opened through the import dialog and trusted.
  const workspace = { ...createStarterWorkspace(), scenarios: { version: 1, items: [{ id: 'long', name: 'Long', text: JSON.stringify(SCENARIO) }] } };
  await page.getByTestId('workspace-menu').click();
  await page.getByTestId('menu-import').click();
  await page.getByTestId('import-file-input').setInputFiles({
    name: 'long.pi-playground.json', mimeType: 'application/json',
    buffer: Buffer.from(encodeWorkspaceFile(workspace as unknown as Workspace)),
  });
  await page.getByTestId('incoming-open').click();
  await page.getByTestId('view-tab-events').click();
  await page.getByTestId('transport-step').click();
  await page.locator('[data-testid="transport"][data-state="paused"]').waitFor({ timeout: 60_000 });
  await page.getByTestId('transport-scrubber').fill('1e9');
  await page.getByTestId('events-stream-raw').click();
  await page.getByTestId('events-types').click();
  await page.getByTestId('events-trace').click();
  await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-testid="event-list"]')?.dataset.count) > 10_000);

  const result = await page.evaluate(async (rounds) => {
    const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const click = (view: string) => document.querySelector<HTMLElement>(`[data-testid="events-stream-${view}"]`)!.click();
    const list = document.querySelector<HTMLElement>('[data-testid="event-list"]')!;
    const switches: Record<string, number[]> = { chunks: [], text: [] };
    for (let i = 0; i < rounds; i++) {
      for (const view of ['chunks', 'text']) {
        const started = performance.now();
        click(view);
        await nextFrame();
        switches[view].push(performance.now() - started);
        click('raw');
        await nextFrame();
      }
    }
    const scrolls: number[] = [];
    for (let i = 0; i < rounds; i++) {
      list.scrollTop = 0;
      list.dispatchEvent(new Event('scroll'));
      await nextFrame();
      const started = performance.now();
      list.scrollTop = list.scrollHeight / 2;
      list.dispatchEvent(new Event('scroll'));
      await nextFrame();
      await nextFrame();
      scrolls.push(performance.now() - started);
    }
    return { rows: Number(list.dataset.count), switches, scrolls };
  }, ROUNDS);
  console.log(`event log panel, ${result.rows} rows, production build, to the next painted frame:`);
  console.log(`  switch to the chunks view: ${summary(result.switches.chunks)}`);
  console.log(`  switch to the text view: ${summary(result.switches.text)}`);
  console.log(`  scroll to the middle (two frames): ${summary(result.scrolls)}`);
  await page.close();
}

export async function run(): Promise<void> {
  await rowsInNode();
  await withProductionSite({}, async (url, browser) => {
    await panelInBrowser(browser, url);
  });
}
