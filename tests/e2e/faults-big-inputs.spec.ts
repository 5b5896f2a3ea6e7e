// Fault probes with inputs big enough to freeze a page, against the built app: a 5 MB schema, a 20,000-literal
// union and a 5,000-literal enum in the Providers panel, a schema nested 100,000 deep, 5 and 10 MB strings in a
// TypeScript schema, layout weights of 1e308 and stored pane sizes out of range. Each says what the user sees — a
// summary or a refusal instead of a freeze — and checks that the workspace is intact after.
import { expect, test, type Page } from '@playwright/test';
import { api, expectIntact, starter, starterNames } from './faults-support.ts';

/** Seeds the stored workspace (idb-keyval: `pi-playground`/`kv`) with the starter tools plus `tool`, then loads. */
async function openWith(page: Page, tool: { id: string; name: string; kind: 'typescript' | 'json-schema'; source: string }, prefs?: unknown) {
  await page.goto('/favicon.svg');
  const ws = { tools: [...starter.tools, tool], hooks: starter.hooks, settings: starter.settings };
  await page.evaluate(([record, preferences]) => new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('pi-playground');
    open.onupgradeneeded = () => open.result.createObjectStore('kv');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('kv', 'readwrite');
      tx.objectStore('kv').put(record, 'workspace:default');
      if (preferences) tx.objectStore('kv').put(preferences, 'preferences');
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  }), [{ revision: 1, writer: 'probe', savedAt: 1, workspace: ws }, prefs ?? null] as const);
  await page.goto('/?welcome=0');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
}

/**
 * Opens the Providers panel and measures, in the page: when the summary (or the request) appears, and how long a
 * click on the Conversation switch waits while the panel works (the page must answer it within a second).
 */
async function openProvidersTimed(page: Page): Promise<{ toMessageMs: number; clickWaitMs: number; longestTaskMs: number }> {
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[] };
    w.__long = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) w.__long.push(e.duration); }).observe({ type: 'longtask' });
  });
  const started = Date.now();
  await page.getByTestId('view-tab-providers').click();
  await expect(page.getByTestId('providers-oversized').or(page.getByTestId('providers-request')).first()).toBeVisible({ timeout: 60_000 });
  const toMessageMs = Date.now() - started;
  const clickWaitMs = await page.evaluate(() => new Promise<number>((resolve) => {
    const t0 = performance.now();
    const button = document.querySelector<HTMLElement>('[data-testid="view-tab-schema"]')!;
    button.addEventListener('click', () => resolve(performance.now() - t0), { once: true });
    setTimeout(() => button.click(), 0);
  }));
  const longestTaskMs = await page.evaluate(() => Math.max(0, ...(window as unknown as { __long: number[] }).__long));
  console.log(`providers: message after ${toMessageMs} ms, click waited ${Math.round(clickWaitMs)} ms, longest task ${Math.round(longestTaskMs)} ms`);
  return { toMessageMs, clickWaitMs, longestTaskMs };
}

function bigSchema(megabytes: number): string {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i * 240 < megabytes * 1_000_000; i++) properties[`p${i}`] = { type: 'string', description: 'x'.repeat(200) };
  return JSON.stringify({ type: 'object', properties });
}

test('a 5 MB schema in the Providers panel → degraded: summarised with its size, the page answers clicks', async ({ page }) => {
  test.setTimeout(120_000);
  await openWith(page, { id: 'big-id', name: 'big', kind: 'json-schema', source: bigSchema(5) });
  const timing = await openProvidersTimed(page);
  await page.getByTestId('view-tab-providers').click();
  const notice = page.getByTestId('providers-oversized');
  await expect(notice).toHaveAttribute('data-tool', 'big');
  await expect(notice).toContainText('big is summarised');
  await expect(notice).toContainText(/over \d\.\d MB/);
  expect(timing.clickWaitMs).toBeLessThan(1_000);
  // The other tools are still encoded; the big one is left out of the body, not lost.
  await expect(page.getByTestId('providers-json-text')).toContainText('"get_weather"');
  await expectIntact(page, [...starterNames, 'big']);
});

test('a 20,000-literal union in the Providers panel → degraded: summarised by its node count, the page answers clicks', async ({ page }) => {
  test.setTimeout(120_000);
  const union = JSON.stringify({ type: 'object', properties: { pick: { anyOf: Array.from({ length: 20_000 }, (_, i) => ({ const: `v${i}` })) } } });
  await openWith(page, { id: 'union-id', name: 'union', kind: 'json-schema', source: union });
  const timing = await openProvidersTimed(page);
  await page.getByTestId('view-tab-providers').click();
  await expect(page.getByTestId('providers-oversized')).toHaveAttribute('data-over', 'nodes');
  await expect(page.getByTestId('providers-oversized')).toContainText('union');
  expect(timing.clickWaitMs).toBeLessThan(1_000);
  await expectIntact(page, [...starterNames, 'union']);
});

test('a 5,000-literal enum in the Providers panel → degraded: the body draws 2,000 lines and says how many more', async ({ page }) => {
  test.setTimeout(120_000);
  const enumSchema = JSON.stringify({ type: 'object', properties: { pick: { type: 'string', enum: Array.from({ length: 5_000 }, (_, i) => `v${i}`) } } });
  await openWith(page, { id: 'enum-id', name: 'enum_tool', kind: 'json-schema', source: enumSchema });
  await page.getByTestId('view-tab-providers').click();
  const cut = page.getByTestId('providers-json-cut');
  await expect(cut).toContainText('Showing the first 2,000 of');
  await expect(page.getByTestId('providers-json-text').locator('.line')).toHaveCount(2_000);
  await page.getByTestId('providers-json-more').click();
  await expect(page.getByTestId('providers-json-text').locator('.line')).toHaveCount(4_000);
  await expectIntact(page, [...starterNames, 'enum_tool']);
});

test('a schema nested 100,000 levels deep → refused cleanly: the tool’s file names the nesting, no stack overflow', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const deep = `${'{"type":"object","properties":{"a":'.repeat(100_000)}{"type":"string"}${'}}'.repeat(100_000)}`;
  await openWith(page, { id: 'deep-id', name: 'deep', kind: 'json-schema', source: deep });
  await page.getByTestId('tool-item').filter({ hasText: 'deep' }).getByText('deep', { exact: true }).click();
  await expect(page.getByTestId('diagnostics')).toContainText('The JSON is nested too deeply (more than 512 levels)', { timeout: 30_000 });
  expect(errors.filter((e) => /call stack/i.test(e))).toEqual([]);
  await page.getByTestId('tool-item').filter({ hasText: starterNames[0] }).getByText(starterNames[0], { exact: true }).click();
  await expectIntact(page, [...starterNames, 'deep']);
});

const longTextTool = (bytes: number) => `import { Type } from "typebox";\nexport default { name: "long_text", description: "Long.", parameters: Type.Object({ a: Type.String({ description: "${'y'.repeat(bytes)}" }) }), async execute() { return { content: [], details: {} }; } };\n`;

test('a 5 MB string in a TypeScript tool schema → degraded: summarised, the page ready', async ({ page }) => {
  test.setTimeout(120_000);
  await openWith(page, { id: 'long-id', name: 'long_text', kind: 'typescript', source: longTextTool(5_000_000) });
  const timing = await openProvidersTimed(page);
  await page.getByTestId('view-tab-providers').click();
  await expect(page.getByTestId('providers-oversized')).toHaveAttribute('data-over', 'bytes');
  expect(timing.clickWaitMs).toBeLessThan(1_000);
  await expectIntact(page, [...starterNames, 'long_text']);
});

test('a 10 MB string in a TypeScript tool schema → refused cleanly: the tool names the sandbox\'s limit, the others work', async ({ page }) => {
  test.setTimeout(120_000);
  await openWith(page, { id: 'long-id', name: 'long_text', kind: 'typescript', source: longTextTool(10_000_000) });
  await page.getByTestId('tool-item').filter({ hasText: 'long_text' }).getByText('long_text', { exact: true }).click();
  await expect(page.getByTestId('diagnostics')).toContainText('The answer of Evaluating long_text is too large to leave the sandbox (the limit is 8.0 MB)', { timeout: 60_000 });
  await page.getByTestId('view-tab-providers').click();
  await expect(page.getByTestId('providers-request')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('tool-item').filter({ hasText: starterNames[0] }).getByText(starterNames[0], { exact: true }).click();
  await expectIntact(page, [...starterNames, 'long_text']);
});

test('layout weights of 1e308 in a link → degraded: clamped, reported, no pane collapses', async ({ page }) => {
  await page.goto('/?welcome=0&layout=editor:1e308,views:1');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const state = await api(page, (a) => a.getState());
  expect(state.layout).toBe('editor:90,views:10');
  expect(state.problems).toEqual([expect.stringContaining('layout=editor:1e308,views:1: the size of "views" (1) is too small')]);
  const views = await page.locator('.views, [data-testid="views-pane"]').first().boundingBox().catch(() => null);
  const width = views?.width ?? (await page.getByTestId('view-tab-schema').boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThan(40);
  const both = await api(page, (a) => a.setLayout('editor:1e308,views:1e308'));
  expect(both).toMatchObject({ ok: true, state: { layout: 'editor:50,views:50' } });
});

test('stored pane sizes out of range → degraded: drawn at the handle’s bounds and reported in problems, the editor visible', async ({ page }) => {
  await openWith(page, { ...starter.tools[0], id: 'copy-id', name: 'copy' }, { theme: 'light', panes: { sidebar: 9_999, views: 9_999 } });
  const sidebar = await page.getByTestId('sidebar').boundingBox();
  expect(sidebar?.width).toBeLessThanOrEqual(421);
  await expect.poll(() => api(page, (a) => a.getState().problems)).toEqual([
    'stored pane size sidebar=9999: outside the resize handle\'s range (180–420 px); drawn at 420',
    'stored pane size views=9999: outside the resize handle\'s range (300–960 px); drawn at 960',
  ]);
  await expect(page.getByTestId('editor')).toBeVisible();
  const editor = await page.getByTestId('editor').boundingBox();
  expect(editor?.width).toBeGreaterThan(100);
});
