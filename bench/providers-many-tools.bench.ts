// Benchmark of the providers panel's work for a big tool set (bench/support/many-tools.ts): 100 tools, one of them
// replaced per edit by a fresh object, then the excluded-tools check, the 16 API bodies of the first request and
// the lint, p50/p95 per edit, in Node and in headless Chromium against a production build of a harness page
// (bench/providers-harness). Then one request built by our encoder and by pi-ai 0.85.1 itself (its real API
// module, stopped in onPayload) for the same tools, as a ratio: once with the tools unchanged since the last build,
// once with every tool a fresh object.
import { fileURLToPath } from 'node:url';
import { API_VARIANTS, encodeRequest } from '../src/ai/providers/index.ts';
import type { Context, KnownApi, Model } from '../src/ai/index.ts';
import { ENGLISH_TEXTS } from '../src/state/providers/conversations.ts';
import { makeTool, measureEdits, TOOLS } from './support/many-tools.ts';
import { withProductionSite } from './support/production-site.ts';
import { percentile } from './support/stats.ts';

const WARMUP = 60;
const EDITS = 300;
/** The goal for one edit in Chromium, p95. */
const GOAL_P95_MS = 8;
const harnessConfig = fileURLToPath(new URL('./providers-harness/vite.config.ts', import.meta.url));

const figures = (times: number[]) => ({ p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) });
const show = (f: { p50: number; p95: number; max: number }) => `p50 ${f.p50.toFixed(2)} ms   p95 ${f.p95.toFixed(2)} ms   max ${f.max.toFixed(2)} ms`;

function editsInNode(): void {
  const { times, variants } = measureEdits(WARMUP, EDITS);
  console.log(`  Node, ${TOOLS} tools, one edited per step: ${variants} API bodies + lint + excluded list   ${show(figures(times))}`);
}

async function editsInChromium(): Promise<void> {
  await withProductionSite({ configFile: harnessConfig }, async (url, browser) => {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error('  page error:', error.message));
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60_000 });
    const { times, variants } = await page.evaluate(({ warmup, edits }) => window.manyToolsHarness.measureEdits(warmup, edits), { warmup: WARMUP, edits: EDITS });
    const f = figures(times);
    console.log(`  Chromium, ${TOOLS} tools, one edited per step: ${variants} API bodies + lint + excluded list   ${show(f)}   (goal p95 ≤ ${GOAL_P95_MS} ms: ${f.p95 <= GOAL_P95_MS ? 'met' : 'missed'})`);
  });
}

type StreamSimple = (model: Model, context: Context, options: Record<string, unknown>) => { result(): Promise<unknown> };

/** Time from pi's streamSimple call to the body in onPayload (pi stops there: nothing is sent). */
async function piBuild(streamSimple: StreamSimple, model: Model, context: Context): Promise<number> {
  const start = performance.now();
  let took = NaN;
  await streamSimple(model, context, { apiKey: 'bench-key', sessionId: 'bench', transport: 'sse', onPayload: () => { took = performance.now() - start; throw new Error('captured'); } }).result();
  if (Number.isNaN(took)) throw new Error(`pi did not build a request for ${model.api}`);
  return took;
}

function ourBuild(model: Model, context: Context): number {
  const start = performance.now();
  const result = encodeRequest(model, context, { apiKey: 'bench-key', sessionId: 'bench' });
  const took = performance.now() - start;
  if (!result.ok) throw new Error(result.error);
  return took;
}

async function compareWithPi(api: KnownApi, fresh: boolean): Promise<string> {
  const { streamSimple } = (await import(`@earendil-works/pi-ai/api/${api}`)) as { streamSimple: StreamSimple };
  const model = API_VARIANTS.find((v) => v.key === api)!.model;
  const stable = Array.from({ length: TOOLS }, (_, n) => makeTool(n));
  const context = (): Context => ({
    systemPrompt: 'You are a helpful assistant.',
    messages: [{ role: 'user', content: ENGLISH_TEXTS.userPrompt, timestamp: 1 }],
    tools: fresh ? Array.from({ length: TOOLS }, (_, n) => makeTool(n)) : stable,
  });
  const ours: number[] = [];
  const pis: number[] = [];
  for (let i = 0; i < 20 + 150; i++) {
    const c1 = context();
    const c2 = context();
    const a = ourBuild(model, c1);
    const b = await piBuild(streamSimple, model, c2);
    if (i >= 20) { ours.push(a); pis.push(b); }
  }
  const o = figures(ours);
  const p = figures(pis);
  return `    ${api.padEnd(24)} ours p50 ${o.p50.toFixed(3)} ms   pi p50 ${p.p50.toFixed(3)} ms   ours/pi ${(o.p50 / p.p50).toFixed(2)}`;
}

export async function run(): Promise<void> {
  console.log(`providers, ${TOOLS} tools: replace one tool per edit, then the excluded list, 16 API bodies (first request) and lint`);
  editsInNode();
  await editsInChromium();
  for (const fresh of [false, true]) {
    console.log(`  one request, ${TOOLS} tools, ours vs pi-ai (to onPayload), p50 ratio; tools ${fresh ? 'all fresh objects each build' : 'unchanged between builds'}:`);
    for (const api of ['openai-completions', 'openai-responses', 'anthropic-messages', 'google-generative-ai'] as KnownApi[]) console.log(await compareWithPi(api, fresh));
  }
}
