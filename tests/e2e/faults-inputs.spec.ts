// Fault probes for what users and scripts hand the app, against the built app: malformed workspace files and pi
// sessions, malformed scenarios and out-of-range numbers typed into the scenario form, and the automation API
// called wrongly (inputs big enough to freeze a page are in faults-big-inputs.spec.ts). Each says what the user
// sees — a refusal naming the thing at fault — and checks that the workspace is intact after.
import { expect, test, type Page } from '@playwright/test';
import { encodeWorkspaceFile } from '../../src/portable/index.ts';
import { api, expectIntact, starter, starterNames, toolNames as names, type Api } from './faults-support.ts';
import { openApp } from './support.ts';

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
      ['loadScenario', [null]], ['loadLesson', [undefined]], ['focus', [7]], ['setCompare', ['yes']], ['stepPhase', [42]], ['waitFor', ['soon', { timeoutMs: 10 }]],
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

test('automation stepPhase given a string instead of a target → refused cleanly, naming the argument and what it may be', async ({ page }) => {
  await openApp(page);
  await api(page, async (a) => { await a.loadScenario('parallel-vs-sequential'); return a.waitFor('recorded'); });
  const before = await api(page, (a) => a.getState());
  const answer = await api(page, (a) => (a.stepPhase as unknown as (t: unknown) => Promise<{ ok: boolean; error?: string }>)('nope'));
  expect(answer.ok).toBe(false);
  expect(answer.error).toMatch(/^stepPhase's target was "nope".*\{ callId \}.*\{ callId, phase \}.*execute.*done/);
  const after = await api(page, (a) => a.getState());
  expect({ shown: after.shownEvents, selection: after.selection }).toEqual({ shown: before.shownEvents, selection: before.selection });
  await expectIntact(page);
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

test('scenario form numbers of 1e308, -5, a 31-digit seed and a text that is not a number → degraded: clamped or refused with a note naming the field, the run records', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('view-tab-scenario').click();
  const form = page.getByTestId('scenario-form');
  await expect(form).toBeVisible();
  const field = (name: string) => form.getByRole('spinbutton', { name, exact: true });
  const note = (name: string) => form.getByTestId('scenario-number-note').filter({ hasText: `${name}:` });

  await field('Delay before each response (ms)').fill('1e308');
  await expect(note('Delay before each response (ms)')).toHaveText(/^Delay before each response \(ms\): 1e308 is more than the largest allowed; 600000 is used/);
  await field('Tokens per chunk, min').fill('-5');
  await expect(note('Tokens per chunk, min')).toHaveText(/^Tokens per chunk, min: -5 is less than the smallest allowed; 1 is used/);
  await field('Seed').fill('1' + '0'.repeat(30));
  await expect(note('Seed')).toHaveText(/^Seed: 10{23}… is more than the largest allowed; 4294967295 is used/);
  await field('Tokens per second').fill('50');
  await expect(note('Tokens per second')).toHaveCount(0);
  await field('Tokens per second').press('End');
  await field('Tokens per second').pressSequentially('e'); // "50e" is no number: refused, 50 kept
  await expect(note('Tokens per second')).toHaveText(/^Tokens per second: not a number; it was not applied/);
  await field('Tokens per second').blur();
  await expect(field('Tokens per second')).toHaveValue('50');
  await expect(field('Delay before each response (ms)')).toHaveValue('600000');

  // What is stored is what the fields now show, and a run of it records with a finite length.
  await page.getByTestId('scenario-mode-json').click();
  await expect(page.getByTestId('scenario-editor')).toContainText('"delayMs": 600000');
  await expect(page.getByTestId('scenario-editor')).toContainText('"seed": 4294967295');
  await expect(page.getByTestId('scenario-editor')).toContainText('"tokensPerSecond": 50');
  await expect(page.getByTestId('scenario-editor')).not.toContainText('1e308');
  const recorded = await api(page, async (a) => { await a.restart(); return a.waitFor('recorded', { timeoutMs: 30_000 }); });
  expect(recorded.ok).toBe(true);
  expect(recorded.state.durationMs).toBeGreaterThanOrEqual(600_000);
  expect(recorded.state.durationMs).toBeLessThan(60 * 600_000);
  await expectIntact(page);
});
