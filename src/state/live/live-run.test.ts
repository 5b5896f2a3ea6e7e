// The live run against the provider stand-in (a local server speaking each API's wire format, started by the browser
// project's global setup), through the whole app state with a fake sandbox: the run fills the recording as events
// arrive, ends as pi ends it, is saved as a scenario that replays offline, and the key stays out of the workspace.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { createAppState, type RunningApp } from '../shell/app-state.ts';
import { createFakeRuntime } from '../testing/fake-runtime.ts';
import { ApiKeys } from './api-keys.svelte.ts';
import type { LiveRunState } from './live-run.svelte.ts';

const standIn = inject('providerStandIn');
const KEY = 'sk-live-state-test-0123456789';
const apps: RunningApp[] = [];
afterEach(() => { while (apps.length) apps.pop()!.dispose(); });

async function start(): Promise<{ app: RunningApp; live: LiveRunState }> {
  const app = createAppState({
    store: createMemoryStore(), runtime: createFakeRuntime(), channelName: `live-${Math.random()}`, saveDelayMs: 0, typingDelayMs: 0,
    apiKeys: new ApiKeys(null), autoRecordQuietMs: 60_000,
  });
  apps.push(app);
  await app.start();
  await app.files.loaded();
  await app.scenarios.start();
  await app.evaluation.evaluateNow();
  expect(app.live.current).toBeNull(); // nothing of it loads before it is used
  const live = await app.live.load();
  return { app, live };
}

const piTypes = (app: RunningApp) => (app.run.primary?.events ?? []).filter((e) => e.source === 'pi').map((e) => e.event.type);
const assistantEnds = (app: RunningApp) => (app.run.primary?.events ?? [])
  .flatMap((e) => (e.source === 'pi' && e.event.type === 'message_end' && (e.event.message as { role: string }).role === 'assistant' ? [e.event.message as any] : []));

describe('LiveRunState', () => {
  it('runs the scenario against the model, shows events as they come, saves the run as a scenario that replays offline', async () => {
    const { app, live } = await start();
    app.apiKeys.set('anthropic', KEY);
    const scenariosBefore = app.scenarios.items.length;
    const hosts: string[] = [];
    const seen: number[] = [];
    const watch = setInterval(() => {
      if (live.inFlight) hosts.push(live.inFlight.host);
      if (app.run.recordingNow) seen.push(app.run.recordings[0]?.events.length ?? 0);
    }, 5);
    const result = await live.run({ api: 'anthropic-messages', model: 'live-weather', baseUrl: `${standIn}/anthropic-messages` });
    clearInterval(watch);
    expect(result).toMatchObject({ ok: true, status: 'done', stopReason: 'stop', errorMessage: null });
    expect(hosts).toContain(new URL(standIn).host);
    expect(Math.max(...seen)).toBeGreaterThan(0); // events were shown before the run had ended
    expect(piTypes(app)).toContain('tool_execution_end');
    expect(assistantEnds(app).map((m) => m.stopReason)).toEqual(['toolUse', 'stop']);
    expect(assistantEnds(app).at(-1).content[0].text).toBe('It is sunny in Paris.');
    expect(app.run.recordings.map((r) => [r.label, r.status])).toEqual([['live', 'done']]);
    // The live run plays as it is recorded and ends at its end, its last answer shown (not paused short of it).
    const recording = app.run.recordings[0];
    expect(recording.events[0].t).toBe(0);
    await expect.poll(() => app.run.state, { timeout: 5000 }).toBe('ended');
    expect(app.run.shownCount(recording.id)).toBe(recording.events.length);
    expect(app.run.cursorMs).toBe(recording.durationMs);

    // Saved, selected, and what is shown is its recording: not out of date.
    expect(app.scenarios.items).toHaveLength(scenariosBefore + 1);
    expect(app.scenarios.selected?.id).toBe(live.savedScenarioId);
    expect(app.run.stale).toBe(false);
    expect(JSON.stringify(app.workspace.snapshot())).not.toContain(KEY);

    // The provider's signatures are not part of a scenario file (a scripted turn has none to send back).
    const replies = () => JSON.parse(JSON.stringify(assistantEnds(app).map((m) => ({ content: m.content, stopReason: m.stopReason })),
      (key, value) => (key.endsWith('Signature') ? undefined : value)));
    const liveReplies = replies();
    const names = () => assistantEnds(app).map((m) => [m.provider, m.api, m.model]);
    const liveNames = names();
    expect(liveNames[0]).toEqual(['anthropic', 'anthropic-messages', 'live-weather']);
    expect(await app.run.record()).toBe(true);
    expect(app.run.recordings.map((r) => r.label)).toEqual(['parallel']);
    expect(replies()).toEqual(liveReplies);
    // The replay names the model the run was recorded from, as the live run's messages did.
    expect(names()).toEqual(liveNames);
  });

  it('ends a refused request as pi does, with the key scrubbed out and a hint, and keeps the recording', async () => {
    const { app, live } = await start();
    app.apiKeys.set('openai', KEY);
    const result = await live.run({ api: 'openai-completions', model: 'standin-401', baseUrl: `${standIn}/openai-completions/v1` });
    expect(result).toMatchObject({ ok: true, status: 'error', stopReason: 'error' });
    expect(live.hint).toBe('key');
    expect(live.error).toContain('[api key removed]');
    expect(live.error).not.toContain(KEY);
    expect(app.run.recordings[0]?.status).toBe('done');
    expect(piTypes(app).at(-1)).toBe('agent_end');
    expect(JSON.stringify(app.run.recordings)).not.toContain(KEY);
  });

  it('saves no scenario for a run that failed before the model said anything, and keeps one that had content', async () => {
    const { app, live } = await start();
    app.apiKeys.set('custom', KEY);
    const before = app.scenarios.items.map((i) => i.id);
    const selected = app.scenarios.selected?.id;
    for (const model of ['standin-401', 'standin-no-cors', 'standin-500']) {
      const result = await live.run({ api: 'openai-completions', model, provider: 'custom', baseUrl: `${standIn}/openai-completions/v1` });
      expect(result, model).toMatchObject({ ok: true, status: 'error', scenarioId: null });
    }
    expect(app.scenarios.items.map((i) => i.id)).toEqual(before);
    expect(app.scenarios.selected?.id).toBe(selected);
    // The failed run stays shown, and the selected scenario is still what Play replays.
    expect(app.run.recordings.map((r) => r.label)).toEqual(['live']);
    const saved = await live.run({ api: 'openai-completions', model: 'standin-text', provider: 'custom', baseUrl: `${standIn}/openai-completions/v1` });
    expect(saved.ok && saved.scenarioId).toBeTruthy();
    expect(app.scenarios.items).toHaveLength(before.length + 1);
  });

  const BASES: Record<string, string> = {
    'anthropic-messages': 'anthropic-messages', 'openai-completions': 'openai-completions/v1', 'openai-responses': 'openai-responses/v1',
    'google-generative-ai': 'google-generative-ai/v1beta', 'mistral-conversations': 'mistral-conversations',
  };
  it.each(Object.keys(BASES))('%s: each failure ends the run with pi’s error, the key scrubbed, and the right hint', async (api) => {
    const { app, live } = await start();
    const cases = [['standin-401', 'key'], ['standin-429', 'rate-limit'], ['standin-500', 'server'], ['standin-cut', 'stream'], ['standin-malformed', 'stream'], ['standin-no-cors', 'network']];
    const seen: string[][] = [];
    app.apiKeys.set('custom', KEY);
    for (const [model] of cases) {
      const result = await live.run({ api: api as never, model, provider: 'custom', baseUrl: `${standIn}/${BASES[api]}` });
      expect(result, model).toMatchObject({ ok: true, status: 'error', stopReason: 'error' });
      expect(live.error, model).toBeTruthy();
      seen.push([model, live.hint ?? '']);
      expect(JSON.stringify([live.error, app.run.recordings, app.workspace.snapshot()])).not.toContain(KEY);
    }
    expect(seen).toEqual(cases);
  });

  it('Stop aborts the request and the run, which ends as aborted and stays shown', async () => {
    const { app, live } = await start();
    app.apiKeys.set('mistral', KEY);
    const running = live.run({ api: 'mistral-conversations', model: 'standin-hold', baseUrl: `${standIn}/mistral-conversations` });
    for (let i = 0; i < 400 && !live.inFlight; i++) await new Promise((r) => setTimeout(r, 10));
    expect(live.busy).toBe(true);
    live.stop();
    const result = await running;
    expect(result).toMatchObject({ ok: true, status: 'aborted', stopReason: 'aborted' });
    expect(assistantEnds(app).at(-1)?.stopReason).toBe('aborted');
    expect(piTypes(app).at(-1)).toBe('agent_end');
    expect(app.run.recordings).toHaveLength(1);
  });

  it('refuses what it cannot run, and runs a local server with no key', async () => {
    const { app, live } = await start();
    expect(live.check({ api: 'google-generative-ai', model: 'gemini-2.5-flash' })).toMatchObject({ refusal: 'no-key' });
    expect(live.check({ api: 'google-generative-ai', model: '', baseUrl: 'http://x' })).toMatchObject({ refusal: 'model' });
    expect(live.check({ api: 'google-generative-ai', model: 'm', baseUrl: 'file:///etc' })).toMatchObject({ refusal: 'base-url' });
    expect(live.check({ api: 'nope' as never, model: 'm' })).toMatchObject({ refusal: 'api' });
    const result = await live.run({ api: 'openai-completions', model: 'standin-text', provider: 'custom', baseUrl: `${standIn}/openai-completions/v1` });
    expect(result).toMatchObject({ ok: true, status: 'done' });
    expect(assistantEnds(app).at(-1).content[0].text).toBe('Hello from the stand-in model.');
  });
});
