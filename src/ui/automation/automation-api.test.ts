// window.piPlayground against the whole app (fake sandbox, real run engine): what a script does through it is what
// the UI then shows, the same calls give the same state, waits never need a sleep, and bad input is an answer.
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createIdbStore } from '../../storage/idb-store.ts';
import { mountApp, waitFor, type MountedApp } from '../testing/mount-app.ts';
import type { PiPlaygroundApi } from './window-api.ts';

const mounted: MountedApp[] = [];
afterEach(async () => { while (mounted.length) await mounted.pop()!.destroy(); });

async function start(): Promise<PiPlaygroundApi> {
  mounted.push(await mountApp());
  const api = window.piPlayground!;
  expect((await api.waitFor('ready', { timeoutMs: 10_000 })).ok).toBe(true);
  return api;
}

const attr = (testid: string, name: string) => document.querySelector(`[data-testid="${testid}"]`)?.getAttribute(name);

describe('window.piPlayground', () => {
  it('is there once the app is ready, in version 1, and says what is shown', async () => {
    const api = await start();
    const state = api.getState();
    expect(state).toMatchObject({ version: 1, ready: true, status: 'idle', panel: 'schema', language: 'en', layout: null, recordings: [], problems: [] });
    expect(api.panels()).toEqual(['schema', 'providers', 'scenario', 'timeline', 'events', 'files', 'lessons']);
    expect(api.scenarios().map((s) => s.exampleId)).toContain('parallel-vs-sequential');
    expect(attr('app', 'data-ready')).toBe('true');
  });

  it('loads a scenario by its name, goes to where a call enters a phase, and the page says the same', async () => {
    const api = await start();
    const loaded = await api.loadScenario('Parallel vs sequential');
    expect(loaded).toMatchObject({ ok: true, state: { status: 'paused', panel: 'timeline', scenario: { id: 'example-parallel-vs-sequential' }, shownEvents: 0 } });
    const stepped = await api.stepPhase({ callId: 'fetch', phase: 'execute' });
    expect(stepped.ok).toBe(true);
    const state = stepped.state;
    expect(state.phase).toBe('execute');
    expect(state.selection).toMatchObject({ recording: 'parallel', callId: 'fetch', phase: 'execute' });
    // Both calls of the batch are listed; fib is on its own way through the pipeline.
    expect(Object.keys(state.phaseByCall)).toEqual(['fetch', 'fib']);
    expect(state.phaseByCall.fetch).toBe('execute');
    await expect.element(page.getByTestId('transport')).toHaveAttribute('data-phase', 'execute');
    expect(attr('run-call-fetch', 'data-phase')).toBe('execute');
    expect(attr('run-call-fib', 'data-tool')).toBe('slow_compute');
    expect(attr('automation', 'data-shown')).toBe(String(state.shownEvents));
    // `done`: past the call's result.
    expect((await api.stepPhase({ callId: 'fib', phase: 'done' })).state.phaseByCall.fib).toBe('done');
  });

  it('gives the same state for the same calls, in a fresh app', async () => {
    const script = async (api: PiPlaygroundApi) => {
      await api.loadScenario('parallel-vs-sequential');
      await api.step(7);
      await api.stepPhase();
      await api.stepBack(2);
      await api.seek(300);
      await api.select({ callId: 'fib', phase: 'execute' });
      return api.getState();
    };
    const first = await script(await start());
    await mounted.pop()!.destroy();
    const second = await script(await start());
    expect(second).toEqual(first);
    expect(first.cursorMs).toBe(300);
  });

  it('plays to the end at 8×: waitFor("ended") resolves there, and says "stopped" when nothing moves', async () => {
    const api = await start();
    await api.loadScenario('parallel-vs-sequential');
    expect((await api.setSpeed(8)).state.speed).toBe(8);
    await api.play();
    const ended = await api.waitFor('ended', { timeoutMs: 10_000 });
    expect(ended.ok).toBe(true);
    expect(ended.state.cursorMs).toBe(ended.state.durationMs);
    expect(ended.state.shownEvents).toBe(ended.state.totalEvents);
    await api.seek(100);
    expect(await api.waitFor('ended', { timeoutMs: 2000 })).toMatchObject({ ok: false, reason: 'stopped' });
    expect(await api.waitFor('caption', { timeoutMs: 2000 })).toMatchObject({ ok: false, reason: 'stopped' });
    expect((await api.whenIdle()).state.status).toBe('paused');
  });

  it('records parallel and sequential side by side in compare mode', async () => {
    const api = await start();
    await api.loadScenario('parallel-vs-sequential');
    const compared = await api.setCompare(true);
    expect(compared.state.recordings.map((r) => [r.label, r.status])).toEqual([['parallel', 'done'], ['sequential', 'done']]);
    expect(compared.state.compare).toBe(true);
    expect((await api.select({ recording: 'sequential', callId: 'fib' })).state.selection).toEqual({ recording: 'sequential', callId: 'fib' });
  });

  it('adds a scenario given as a file object under its title, and refuses one that does not parse', async () => {
    const api = await start();
    const file = { title: 'One echo', prompt: 'Echo hi.', turns: [{ content: [{ type: 'toolCall', id: 'e1', name: 'echo', arguments: { text: 'hi' } }] }, { content: 'Done.' }] };
    const loaded = await api.loadScenario(file);
    expect(loaded.ok).toBe(true);
    expect(loaded.state.scenario?.name).toBe('One echo');
    expect(Object.keys(loaded.state.phaseByCall)).toEqual(['e1']);
    const bad = await api.loadScenario({ prompt: 'x', turns: 'none' });
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining('error') });
    expect(api.scenarios().filter((s) => s.name === 'One echo')).toHaveLength(1);
  });

  it('answers bad input with ok: false and a reason, and changes nothing', async () => {
    const api = await start();
    const before = api.getState();
    const answers = [
      await api.loadScenario('no such scenario'),
      await api.loadLesson('no-such-lesson'),
      await api.setSpeed(3),
      await api.setPanel('nowhere'),
      await api.seek(Number.NaN),
      await api.select({ callId: 'zzz' }),
      await api.setLayout('timeline:100'),
      await api.setTheme('blue' as 'light'),
      await api.setLanguage('fr' as 'en'),
      await api.step(-1),
      await api.nextCaption(),
    ];
    expect(answers.every((a) => a.ok === false && a.error.length > 0)).toBe(true);
    expect(answers[0]).toMatchObject({ error: expect.stringContaining('unknown scenario "no such scenario"') });
    expect(api.getState()).toEqual(before);
  });

  it('refuses a stepPhase target that is not { callId, phase? }, naming the argument and what it may be', async () => {
    const api = await start();
    const before = api.getState();
    const loose = api.stepPhase as unknown as (target: unknown) => ReturnType<PiPlaygroundApi['stepPhase']>;
    const answers = [await loose('nope'), await loose(42), await loose({ callId: 7 }), await loose({ phase: 'execute' }), await loose({ callId: 'fetch', phase: 'nope' })];
    for (const answer of answers) expect(answer).toMatchObject({ ok: false, error: expect.stringContaining('stepPhase') });
    expect(answers[0]).toMatchObject({ error: expect.stringMatching(/target.*"nope".*callId.*phase/) });
    expect(answers[4]).toMatchObject({ error: expect.stringMatching(/"nope".*validate.*done/) });
    expect(api.getState()).toEqual(before);
  });

  it('reports stored pane sizes out of range in problems, as drawn at the handle\'s bounds', async () => {
    const store = createIdbStore({ dbName: `app-test-panes-${Date.now()}` });
    await store.set('preferences', { theme: 'light', panes: { sidebar: 9_999, views: -5 } });
    mounted.push(await mountApp({ store }));
    const api = window.piPlayground!;
    const problems = await waitFor(() => api.getState().problems.length === 2 && api.getState().problems, 'the pane problems');
    expect(problems).toEqual([
      'stored pane size sidebar=9999: outside the resize handle\'s range (180–420 px); drawn at 420',
      'stored pane size views=-5: outside the resize handle\'s range (300–960 px); drawn at 300',
    ]);
    expect(document.querySelector<HTMLElement>('[data-testid="sidebar"]')!.getBoundingClientRect().width).toBeLessThanOrEqual(421);
  });

  it('shows the panes a script asks for, one panel alone, and the user layout again', async () => {
    const api = await start();
    const laid = await api.setLayout('editor:40,views:60');
    expect(laid.state.layout).toBe('editor:40,views:60');
    const sidebar = document.querySelector<HTMLElement>('[data-testid="sidebar"]')!;
    expect(getComputedStyle(sidebar).display).toBe('none');
    expect(document.querySelector('[data-testid="resize-views"]')).toBeNull();
    const focused = await api.focus('events');
    expect(focused.state).toMatchObject({ panel: 'events', layout: 'focus:events' });
    await expect.element(page.getByTestId('view-panel-events')).toBeVisible();
    expect(getComputedStyle(document.querySelector<HTMLElement>('[aria-label="Editor"]')!).display).toBe('none');
    expect((await api.setPanel('timeline')).state).toMatchObject({ panel: 'timeline', layout: 'focus:timeline' });
    // Ending focus goes back to the layout shown before it.
    expect((await api.focus(null)).state.layout).toBe('editor:40,views:60');
    expect((await api.setLayout(null)).state.layout).toBe(null);
    expect(getComputedStyle(sidebar).display).not.toBe('none');
    expect(document.querySelector('[data-testid="resize-views"]')).not.toBeNull();
  });

  it('switches theme and language', async () => {
    const api = await start();
    expect((await api.setTheme('dark')).state.theme).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect((await api.setLanguage('zh-CN')).state.language).toBe('zh-CN');
    await expect.element(page.getByTestId('view-tab-timeline')).toHaveTextContent('时间线');
    await api.setLanguage('en');
    await api.setTheme('light');
    expect(document.documentElement.lang).toBe('en');
  });
});
