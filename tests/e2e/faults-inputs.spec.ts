// Fault probes for what users and scripts hand the app, against the built app: malformed workspace files and pi
// sessions, malformed scenarios, the automation API called wrongly, and inputs big enough to freeze a page (a 5 MB
// schema, a 20,000-literal union, a schema nested 100,000 deep, a 10 MB string, layout weights of 1e308). Each
// says what the user sees — a refusal naming the thing at fault, or a summary instead of a freeze — and checks
// that the workspace is intact after.
import { expect, test, type Page } from '@playwright/test';
import { createStarterWorkspace } from '../../src/content/examples/index.ts';
import { encodeWorkspaceFile } from '../../src/portable/index.ts';
import { openApp } from './support.ts';

const starter = createStarterWorkspace();
const starterNames = starter.tools.map((t) => t.name);
const names = (page: Page) => page.getByTestId('tool-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-name')));
type Api = NonNullable<Window['piPlayground']>;

/** The tool list is what it was, and the app still answers: the Schema tab opens and shows a schema. */
async function expectIntact(page: Page, expected = starterNames): Promise<void> {
  expect(await names(page)).toEqual(expected);
  await page.getByTestId('view-tab-schema').click();
  await expect(page.getByTestId('schema-json')).toBeVisible();
}

// ------------------------------------------------------------------ workspace files and pi sessions

async function importFile(page: Page, input: 'import-file-input' | 'import-session-input', name: string, body: string | Buffer): Promise<void> {
  await page.getByTestId('workspace-menu').click();
  await page.getByTestId(input === 'import-file-input' ? 'menu-import' : 'menu-import-session').click();
  await page.getByTestId(input).setInputFiles({ name, mimeType: 'application/json', buffer: typeof body === 'string' ? Buffer.from(body) : body });
}

async function expectRefusedFile(page: Page, input: 'import-file-input' | 'import-session-input', name: string, body: string | Buffer, code: string, text: RegExp) {
  await openApp(page);
  await importFile(page, input, name, body);
  await expect(page.getByTestId('refused-message')).toHaveAttribute('data-code', code, { timeout: 20_000 });
  await expect(page.getByTestId('refused-message')).toContainText(text);
  await expect(page.getByTestId('refused-untouched')).toBeVisible();
  await page.getByTestId('refused-ok').click();
  await expectIntact(page);
}

const wsFile = (workspace: unknown) => encodeWorkspaceFile(workspace as never);

test('workspace file that is not JSON → refused cleanly', async ({ page }) => {
  await expectRefusedFile(page, 'import-file-input', 'notes.pi-playground.json', '{ "format": "pi-playground-workspace", ', 'file-not-json', /JSON/);
});

test('workspace file of a newer version → refused cleanly', async ({ page }) => {
  const text = wsFile(starter).replace('"version": 1', '"version": 99');
  await expectRefusedFile(page, 'import-file-input', 'new.pi-playground.json', text, 'file-version', /99/);
});

test('workspace file whose tools are an object and whose kinds are wrong → refused cleanly, naming the field', async ({ page }) => {
  await expectRefusedFile(page, 'import-file-input', 'odd.pi-playground.json', wsFile({ ...starter, tools: { a: starter.tools[0] } }), 'workspace-invalid', /workspace\.tools/);
  await expectRefusedFile(page, 'import-file-input', 'kind.pi-playground.json', wsFile({ ...starter, tools: [{ ...starter.tools[0], kind: 'python' }] }), 'workspace-invalid', /tools\[0\]\.kind/);
});

test('workspace file over 32 MB → refused cleanly', async ({ page }) => {
  const big = Buffer.alloc(33 * 1024 * 1024, 0x20);
  await expectRefusedFile(page, 'import-file-input', 'huge.pi-playground.json', big, 'file-too-large', /32/);
});

test('workspace file with a document nested 100,000 deep → degraded: the trust prompt opens, the workspace kept until trusted', async ({ page }) => {
  await openApp(page);
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const text = wsFile({ ...starter, notes: '§' }).replace('"notes": "§"', `"notes": ${deep}`);
  await importFile(page, 'import-file-input', 'deep.pi-playground.json', text);
  const answer = page.getByTestId('incoming-dialog').or(page.getByTestId('refused-dialog'));
  await expect(answer).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('incoming-cancel').or(page.getByTestId('refused-ok')).click();
  await expectIntact(page);
});

const header = (extra: Record<string, unknown> = {}) => JSON.stringify({ type: 'session', version: 3, id: 's1', timestamp: '2026-12-01T00:00:00.000Z', cwd: '/p', ...extra });
const message = (id: string, parentId: string | null, msg: unknown) => JSON.stringify({ type: 'message', id, parentId, timestamp: '2026-12-01T00:00:01.000Z', message: msg });

test('pi session with a wrong-typed version and entries → refused cleanly', async ({ page }) => {
  await expectRefusedFile(page, 'import-session-input', 'bad.jsonl', `${header({ version: 9 })}\n`, 'session-version', /9/);
  await expectRefusedFile(page, 'import-session-input', 'bad.jsonl', `${header()}\n${JSON.stringify([1, 2])}\n`, 'session-entry', /2/);
});

test('pi session with unknown entry kinds and no prompt → refused cleanly', async ({ page }) => {
  const text = `${header()}\n${JSON.stringify({ type: 'teleport', id: 'a', parentId: null })}\n`;
  await expectRefusedFile(page, 'import-session-input', 'odd.jsonl', text, 'session-no-prompt', /prompt|message/i);
});

test('pi session of 20,000 messages with deeply nested content → degraded: summarised in the prompt, workspace kept', async ({ page }) => {
  await openApp(page);
  const lines = [header()];
  let parent: string | null = null;
  let nested: unknown = 'deep';
  for (let i = 0; i < 2_000; i++) nested = { inner: nested };
  for (let i = 0; i < 20_000; i++) {
    const id = `m${i}`;
    lines.push(message(id, parent, i % 2 === 0
      ? { role: 'user', content: i === 0 ? 'Start' : `Next ${i}`, timestamp: 1 }
      : { role: 'assistant', content: [{ type: 'text', text: `Reply ${i}` }], api: 'x', provider: 'x', model: 'm', usage: {}, stopReason: 'stop', timestamp: 1, extra: i === 1 ? nested : undefined }));
    parent = id;
  }
  await importFile(page, 'import-session-input', 'long.jsonl', `${lines.join('\n')}\n`);
  const answer = page.getByTestId('incoming-dialog').or(page.getByTestId('refused-dialog'));
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('incoming-cancel').or(page.getByTestId('refused-ok')).click();
  await expectIntact(page);
});

// ------------------------------------------------------------------ scenarios and the automation API

/** Runs `run` in the page with window.piPlayground (the function's text is sent, so it may use no outer names). */
async function api<T>(page: Page, run: (api: Api) => Promise<T> | T): Promise<T> {
  await page.waitForFunction(() => window.piPlayground !== undefined);
  return page.evaluate(`(${run.toString()})(window.piPlayground)`) as Promise<T>;
}

test('scenario with an unknown turn kind and wrong-typed turns → refused cleanly, naming the turn', async ({ page }) => {
  await openApp(page);
  const before = await api(page, (a) => a.scenarios().length);
  const unknown = await api(page, (a) => a.loadScenario({ title: 'Odd', prompt: 'Hi', turns: [{ teleport: true }] }));
  expect(unknown).toMatchObject({ ok: false, error: expect.stringMatching(/turns\[0\]|turn 1/) });
  const wrong = await api(page, (a) => a.loadScenario({ title: 'Wrong', prompt: 42, turns: 'many' }));
  expect(wrong).toMatchObject({ ok: false, error: expect.stringMatching(/prompt|turns/) });
  expect(await api(page, (a) => a.scenarios().length)).toBe(before);
  await expectIntact(page);
});

test('scenario with a self-reference and one nested 50,000 deep → refused cleanly', async ({ page }) => {
  await openApp(page);
  const before = await api(page, (a) => a.scenarios().length);
  const answers = await api(page, async (a) => {
    const circular: Record<string, unknown> = { title: 'Loop', prompt: 'Hi', turns: [] };
    circular.turns = [circular];
    let deep: unknown = 'x';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    return [await a.loadScenario(circular), await a.loadScenario({ title: 'Deep', prompt: 'Hi', turns: [{ content: deep }] })].map((r) => ({ ok: r.ok, error: 'error' in r ? r.error : '' }));
  });
  for (const answer of answers) expect(answer).toMatchObject({ ok: false, error: expect.stringMatching(/\w/) });
  expect(await api(page, (a) => a.scenarios().length)).toBe(before);
  await expectIntact(page);
});

test('automation called with wrong argument types → refused cleanly, state unchanged', async ({ page }) => {
  await openApp(page);
  const answers = await api(page, async (a) => {
    const loose = a as unknown as Record<string, (...args: unknown[]) => Promise<{ ok: boolean; error?: string }>>;
    const calls: [string, unknown[]][] = [
      ['setSpeed', ['fast']], ['seek', ['later']], ['step', ['x']], ['stepBack', [{}]], ['select', [42]], ['setPanel', [null]],
      ['setLayout', [123]], ['setTheme', ['purple']], ['setLanguage', [{ code: 'fr' }]],
      ['loadScenario', [null]], ['loadLesson', [undefined]], ['focus', [7]], ['setCompare', ['yes']], ['waitFor', ['soon', { timeoutMs: 10 }]],
    ];
    const out: Record<string, { ok: boolean; error?: string; threw?: string }> = {};
    // waitFor answers a refusal with `reason`, every other action with `error`.
    for (const [name, args] of calls) {
      try {
        const r = await loose[name](...args);
        out[name] = { ok: r.ok, error: r.error ?? (r as { reason?: string }).reason };
      } catch (error) {
        out[name] = { ok: false, threw: String(error) };
      }
    }
    return out;
  });
  for (const [name, answer] of Object.entries(answers)) {
    expect(answer.threw, name).toBeUndefined();
    expect(answer.ok, name).toBe(false);
    expect(answer.error, name).toMatch(/\w/);
  }
  const state = await api(page, (a) => a.getState());
  expect(state).toMatchObject({ speed: 1, layout: null, theme: expect.stringMatching(/light|dark/) });
  await expectIntact(page);
});

test('automation actions fired all at once → degraded: each answers and nothing hangs, though a scenario load may reopen its panel after a later setPanel', async ({ page }) => {
  await openApp(page);
  const answers = await api(page, async (a) => {
    const all = await Promise.all([a.loadScenario('parallel-vs-sequential'), a.play(), a.pause(), a.restart(), a.setSpeed(4), a.step(3), a.seek(0), a.setPanel('timeline'), a.setPanel('events')]);
    const idle = await a.whenIdle({ timeoutMs: 30_000 });
    return { answered: all.length, idle: idle.ok, panel: idle.state.panel, speed: idle.state.speed };
  });
  // The scenario's own "open the Timeline" lands after setPanel('events') answered: not last-wins, but settled.
  expect(answers).toMatchObject({ answered: 9, idle: true, speed: 4, panel: expect.stringMatching(/^(timeline|events)$/) });
  await expectIntact(page);
});

test('automation called before the app is ready → degraded: the call waits for ready and then acts', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { piPlayground?: Api; __early?: Promise<unknown> };
    const poll = () => {
      if (!w.piPlayground) return void setTimeout(poll, 1);
      w.__early = Promise.all([w.piPlayground.setPanel('providers'), w.piPlayground.waitFor('ready', { timeoutMs: 30_000 })])
        .then(([panel, ready]) => ({ panel: panel.ok, ready: ready.ok, shown: ready.state.panel }), (error: unknown) => ({ threw: String(error) }));
    };
    poll();
  });
  await page.goto('/?welcome=0');
  const early = await page.waitForFunction(() => (window as unknown as { __early?: unknown }).__early).then(() => page.evaluate(() => (window as unknown as { __early: Promise<unknown> }).__early));
  expect(early).toEqual({ panel: true, ready: true, shown: 'providers' });
  await expect(page.getByTestId('providers-panel')).toBeVisible();
  expect(await names(page)).toEqual(starterNames);
});

test('automation stepPhase given a string instead of a target → broken: it acts as if given no target', async ({ page }) => {
  test.fail(); // found by this probe, not fixed yet: the string is read as "no target" and the transport steps
  await openApp(page);
  const answer = await api(page, (a) => (a.stepPhase as unknown as (t: unknown) => Promise<{ ok: boolean }>)('nope'));
  expect(answer.ok).toBe(false);
});

test('automation asked for unknown panels, lessons, scenarios and calls → refused cleanly, naming them', async ({ page }) => {
  await openApp(page);
  await api(page, async (a) => { await a.loadScenario('parallel-vs-sequential'); return a.waitFor('recorded'); });
  const answers = await api(page, async (a) => [
    await a.setPanel('no-such-panel'), await a.loadLesson('no-such-lesson'), await a.loadScenario('no-such-scenario'),
    await a.select({ callId: 'no-such-call' }), await a.stepPhase({ callId: 'no-such-call', phase: 'execute' }),
  ].map((r) => ('error' in r ? r.error : 'ok')));
  expect(answers[0]).toContain('no-such-panel');
  expect(answers[1]).toContain('no-such-lesson');
  expect(answers[2]).toContain('no-such-scenario');
  expect(answers[3]).toContain('no-such-call');
  expect(answers[4]).toContain('no-such-call');
  await expectIntact(page);
});

// ------------------------------------------------------------------ big inputs

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

test('stored pane sizes out of range → degraded: drawn at the handle’s bounds, the editor visible', async ({ page }) => {
  await openWith(page, { ...starter.tools[0], id: 'copy-id', name: 'copy' }, { theme: 'light', panes: { sidebar: 9_999, views: 9_999 } });
  const sidebar = await page.getByTestId('sidebar').boundingBox();
  expect(sidebar?.width).toBeLessThanOrEqual(421);
  await expect(page.getByTestId('editor')).toBeVisible();
  const editor = await page.getByTestId('editor').boundingBox();
  expect(editor?.width).toBeGreaterThan(100);
});
