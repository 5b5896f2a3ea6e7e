// Benchmark, in headless Chromium against the app's production build: what the first visit fetches before the
// first schema is on screen and before the app reports ready (`data-ready="true"` on the app root: workspace
// loaded, sandbox started, tools evaluated), as gzip kB per script, with the goals beside the figures. Five fresh
// browser contexts (an empty cache each time, like a first visit); the sizes are the same each time, the times not.
import { gzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';
import type { Browser } from 'playwright';
import { withProductionSite } from './support/production-site.ts';

const VISITS = 5;
/** Goals: JavaScript fetched before ready, and the first load (the entry and its static imports). */
const READY_GOAL_KB = 200;
const FIRST_LOAD_GOAL_KB = 120;

interface Visit {
  schemaMs: number;
  readyMs: number;
  /** Each script fetched before ready, in fetch order, with its gzip size and whether it came before the schema. */
  scripts: { name: string; kb: number; beforeSchema: boolean }[];
}

/**
 * Runs in the page before its scripts: notes which scripts the page had fetched (resource timing) at the moment
 * the first schema appears and at the moment the app root says ready, from inside the page, so nothing fetched
 * just after either moment is counted.
 */
function watchMoments(): void {
  const w = window as unknown as { __moments: Record<string, { at: number; scripts: string[] }> };
  w.__moments = {};
  const note = (name: string) => {
    if (w.__moments[name]) return;
    const scripts = performance.getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || /\.js(\?|$)/.test(e.name))
      .map((e) => e.name);
    w.__moments[name] = { at: performance.now(), scripts };
  };
  new MutationObserver(() => {
    if (document.querySelector('[data-testid="schema-json"]')) note('schema');
    if (document.querySelector('[data-testid="app"][data-ready="true"]')) note('ready');
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
}

async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(watchMoments);
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    // A blob: script is the sandbox's worker made from a chunk already counted, not a second fetch.
    if (response.request().resourceType() !== 'script' || response.url().startsWith('blob:')) return;
    sizes.set(response.url(), response.body().then((body) => gzipSync(body).length / 1000, () => 0));
  });
  await page.goto(`${url}?welcome=0`);
  await page.locator('[data-testid="app"][data-ready="true"]').waitFor({ timeout: 120_000 });
  await page.getByTestId('schema-json').waitFor({ timeout: 120_000 });
  const moments = await page.evaluate(() => (window as unknown as { __moments: Record<string, { at: number; scripts: string[] }> }).__moments);
  await context.close();
  const beforeSchema = new Set(moments.schema.scripts);
  const scripts = await Promise.all(moments.ready.scripts.filter((name) => sizes.has(name)).map(async (name) => ({
    name: new URL(name).pathname.split('/').pop() ?? name, kb: await sizes.get(name)!, beforeSchema: beforeSchema.has(name),
  })));
  return { schemaMs: Math.round(moments.schema.at), readyMs: Math.round(moments.ready.at), scripts };
}

/** File names of the scripts the page's HTML loads or preloads: the entry and its static imports. */
async function pageScripts(url: string): Promise<Set<string>> {
  const html = await (await fetch(url)).text();
  const names = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const ref = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && ref) names.add(ref.split('/').pop()!);
  }
  return names;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function run(): Promise<void> {
  await withProductionSite({}, async (url, browser) => {
    const visits: Visit[] = [];
    for (let i = 0; i < VISITS; i++) visits.push(await visit(browser, url));
    const last = visits.at(-1)!;
    const total = last.scripts.reduce((sum, s) => sum + s.kb, 0);
    const beforeSchema = last.scripts.filter((s) => s.beforeSchema).reduce((sum, s) => sum + s.kb, 0);
    // The first load is what the page's HTML names (the entry and the static imports Vite preloads), not all that
    // comes before the first schema: the sandbox starts (and fetches its runtime) before any schema can show.
    const named = await pageScripts(url);
    const firstLoad = last.scripts.filter((s) => named.has(s.name)).reduce((sum, s) => sum + s.kb, 0);
    console.log(`first load: production build, ${VISITS} first visits (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`);
    console.log(`  first schema on screen: median ${median(visits.map((v) => v.schemaMs))} ms; ready: median ${median(visits.map((v) => v.readyMs))} ms`);
    console.log(`  first load (the entry and its static imports, named by the page): ${named.size}, ${firstLoad.toFixed(1)} kB gzip (goal ≤ ${FIRST_LOAD_GOAL_KB} kB: ${firstLoad <= FIRST_LOAD_GOAL_KB ? 'met' : 'missed'})`);
    console.log(`  scripts before the first schema: ${last.scripts.filter((s) => s.beforeSchema).length}, ${beforeSchema.toFixed(1)} kB gzip`);
    console.log(`  scripts before ready: ${last.scripts.length}, ${total.toFixed(1)} kB gzip (goal ≤ ${READY_GOAL_KB} kB: ${total <= READY_GOAL_KB ? 'met' : 'missed'})`);
    for (const s of [...last.scripts].sort((a, b) => b.kb - a.kb)) {
      console.log(`    ${s.kb.toFixed(1).padStart(6)} kB  ${s.beforeSchema ? 'before schema' : 'before ready '}  ${s.name}`);
    }
  });
}
