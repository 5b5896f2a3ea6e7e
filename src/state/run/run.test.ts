import { describe, expect, it } from 'vitest';
import type { RecordedEvent, Recording } from '../../recording/index.ts';
import { manualFrames } from './frames.ts';
import { AUTO_RECORD_MAX_WALL_MS, autoRecordable } from './auto.svelte.ts';
import { RunState } from './run.svelte.ts';
import { createTestRunEnvironment } from '../testing/run-environment.svelte.ts';

const twoSleeps = (extra: object = {}) => ({
  prompt: 'Sleep twice',
  timing: { tokenSize: 2, tokensPerSecond: 100 },
  turns: [
    { content: [{ type: 'text', text: 'Napping.' }, { type: 'toolCall', id: 'a', name: 'sleep', arguments: { ms: 2000 } }, { type: 'toolCall', id: 'b', name: 'sleep', arguments: { ms: 2000 } }] },
    { content: 'Rested.' },
  ],
  ...extra,
});

function setup(file: object = twoSleeps()) {
  const env = createTestRunEnvironment(file);
  const frames = manualFrames();
  const run = new RunState(env.environment, frames);
  return { env, frames, run };
}

const waitUntil = async (condition: () => boolean, what: string) => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!condition()) throw new Error(`Timed out waiting for ${what}`);
};

const typesOf = (events: readonly RecordedEvent[]) => events.map((e) => e.event.type);

describe('RunState recording and playback', () => {
  it('records on play, then plays at speed × wall time, one update per frame, and ends at the last event', async () => {
    const { run, frames } = setup();
    expect(run.state).toBe('idle');
    run.play();
    expect(run.state).toBe('recording');
    await waitUntil(() => !run.recordingNow, 'the recording');
    frames.tick(16); // publishes the recording; the cursor starts moving from the next frame
    expect(run.state).toBe('playing');
    const recording = run.recordings[0];
    expect(recording.status).toBe('done');
    run.setSpeed(4);
    frames.tick(100);
    expect(run.cursorMs).toBe(400);
    expect(run.shownCount(recording.id)).toBe(recording.events.filter((e) => e.t <= 400).length);
    frames.tick(10_000);
    expect(run.cursorMs).toBe(recording.durationMs);
    expect(run.state).toBe('ended');
    expect(frames.pending).toBe(0); // nothing left to animate
  });

  it('never moves the cursor past what has been recorded while a slow call keeps the clock still', async () => {
    const { run, frames, env } = setup(twoSleeps({
      turns: [{ content: [{ type: 'toolCall', id: 'h', name: 'hold', arguments: {} }] }, { content: 'Done.' }],
    }));
    run.setSpeed(8);
    run.play();
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 20; i++) frames.tick(100);
    expect(run.state).toBe('recording');
    const live = run.recordings[0];
    const lastT = live.events.at(-1)!.t;
    expect(run.cursorMs).toBe(lastT);
    expect(run.limitMs).toBe(lastT);
    expect(run.shownCount(live.id)).toBe(live.events.length);
    expect(typesOf(live.events)).toContain('tool_execution_start');
    expect(typesOf(live.events)).not.toContain('tool_execution_end');
    env.releaseHolds();
    await waitUntil(() => !run.recordingNow, 'the recording');
    frames.tick(16);
    frames.tick(10_000);
    expect(run.state).toBe('ended');
    expect(typesOf(run.recordings[0].events)).toContain('tool_execution_end');
  });

  it('keeps recordings loaded from elsewhere when a recording they replaced finishes late', async () => {
    const made = setup();
    await made.run.restart();
    made.frames.tick(16);
    const loaded = made.run.recordings.slice();
    expect(loaded).toHaveLength(1);

    const { run, frames, env } = setup(twoSleeps({
      turns: [{ content: [{ type: 'toolCall', id: 'h', name: 'hold', arguments: {} }] }, { content: 'Done.' }],
    }));
    run.play();
    await waitUntil(() => env.holding > 0, 'the held call');
    run.load(loaded);
    expect(run.recordings).toEqual(loaded);
    // The replaced recording's tool ends now (it ignores the abort) and its loop writes its last events.
    env.releaseHolds();
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 5; i++) frames.tick(16);
    expect(run.recordings).toEqual(loaded);
  });

  it('steps one event at a time and seeks to a time or an event', async () => {
    const { run } = setup();
    await run.step();
    const recording = run.recordings[0];
    expect(run.shownCount(recording.id)).toBe(1);
    expect(run.state).toBe('paused');
    await run.step();
    await run.step();
    expect(run.shownCount(recording.id)).toBe(3);
    expect(run.cursorMs).toBe(recording.events[2].t);
    run.seek(1000);
    expect(run.cursorMs).toBe(1000);
    expect(run.shownCount(recording.id)).toBe(recording.events.filter((e) => e.t <= 1000).length);
    run.seek(1e9);
    expect(run.cursorMs).toBe(recording.durationMs);
    expect(run.state).toBe('ended');
    run.seekEvent(recording.id, 10);
    expect(run.shownCount(recording.id)).toBe(11);
    expect(run.cursorMs).toBe(recording.events[10].t);
    run.seek(-5);
    expect(run.cursorMs).toBe(0);
  });

  it('steps from phase to phase of the selected call, and reports the phase at the cursor', async () => {
    const { run } = setup();
    await run.stepPhase();
    expect(run.selection).toMatchObject({ toolCallId: 'a', phase: 'queued' });
    expect(run.phase).toBe('queued');
    const phases: (string | null)[] = [run.phase];
    for (let i = 0; i < 8; i++) {
      await run.stepPhase();
      if (run.phase !== phases.at(-1)) phases.push(run.phase);
    }
    expect(phases).toEqual(['queued', 'validate', 'execute', 'result']);
    await run.step(); // past the result's end
    const recording = run.recordings[0];
    while (run.phase !== 'done' && run.shownCount(recording.id) < recording.events.length) await run.step();
    expect(run.phase).toBe('done');
    expect(run.selection?.toolCallId).toBe('a');
  });

  it('compares parallel and sequential on one scale: two 2-second tools take about 2 s and about 4 s', async () => {
    const { run, env } = setup();
    const calls: string[] = [];
    run.beforeRecord.push(() => { calls.push('before'); });
    run.setCompare(true);
    expect(await run.record()).toBe(true);
    run.seek(0);
    const [parallel, sequential] = run.recordings;
    expect(parallel).toMatchObject({ label: 'parallel', toolExecution: 'parallel', status: 'done' });
    expect(sequential).toMatchObject({ label: 'sequential', toolExecution: 'sequential', status: 'done' });
    expect(parallel.durationMs).toBeGreaterThanOrEqual(2000);
    expect(parallel.durationMs).toBeLessThan(2300);
    expect(sequential.durationMs - parallel.durationMs).toBe(2000);
    expect(run.durationMs).toBe(sequential.durationMs);
    expect(calls).toEqual(['before', 'before']);
    expect(env.prepared).toBe(2);
    expect(env.released).toBe(2);
  });

  it('compares two runs on one scale: the selected scenario and another, each lane named by its recorded model', async () => {
    const { run, env } = setup(twoSleeps({ model: { provider: 'openai', api: 'openai-responses', id: 'gpt-4o-mini' } }));
    env.setOther('quick', { prompt: 'Sleep once', turns: [{ content: [{ type: 'toolCall', id: 'a', name: 'sleep', arguments: { ms: 500 } }] }, { content: 'Done.' }] });
    run.setCompare(true);
    run.setCompareWith('quick');
    expect(await run.record()).toBe(true);
    const [selected, other] = run.recordings;
    expect(run.recordings.map((r) => [r.label, r.status])).toEqual([['gpt-4o-mini', 'done'], ['scripted', 'done']]);
    expect(new Set(run.recordings.map((r) => r.id)).size).toBe(2);
    expect(selected.durationMs).toBeGreaterThanOrEqual(2000);
    expect(other.durationMs).toBeLessThan(1000);
    expect(run.durationMs).toBe(selected.durationMs);
    const models = (r: Recording) => r.events.flatMap((e) => (e.source === 'pi' && e.event.type === 'message_end' && e.event.message.role === 'assistant' ? [e.event.message.model] : []));
    expect(models(selected)).toEqual(['gpt-4o-mini', 'gpt-4o-mini']);
    expect(models(other)).toEqual(['faux-1', 'faux-1']);

    // Editing the compared scenario makes the comparison out of date; a scenario that is gone is said so.
    expect(run.stale).toBe(false);
    env.setOther('quick', { prompt: 'Sleep once more', turns: [{ content: 'No.' }] });
    expect(run.stale).toBe(true);
    env.setOther('quick', undefined);
    expect(await run.record()).toBe(false);
    expect(run.error).toEqual({ key: 'run.error.compareMissing' });
    run.setCompareWith(null);
    await waitUntil(() => !run.recordingNow, 'the recordings');
    expect(run.recordings.map((r) => r.label)).toEqual(['parallel', 'sequential']);
  });

  it('numbers two runs of the same model, so each label names one recording', async () => {
    const { run, env } = setup();
    env.setOther('again', twoSleeps());
    run.setCompare(true);
    run.setCompareWith('again');
    expect(await run.record()).toBe(true);
    expect(run.recordings.map((r) => r.label)).toEqual(['scripted (1)', 'scripted (2)']);
  });

  it('records the same scenario identically each time', async () => {
    const { run } = setup();
    await run.record();
    const first = run.recordings[0];
    await run.record();
    const second = run.recordings[0];
    expect(second.id).not.toBe(first.id);
    const strip = (r: Recording) => JSON.stringify({ ...r, id: '' });
    expect(strip(second)).toBe(strip(first));
  });

  it('marks the recording stale when the scenario changes, and play records again', async () => {
    const { run, env, frames } = setup();
    await run.record();
    frames.tick();
    expect(run.stale).toBe(false);
    env.setFile(twoSleeps({ toolExecution: 'sequential' }));
    expect(run.stale).toBe(true);
    run.play();
    expect(run.state).toBe('recording');
    await waitUntil(() => !run.recordingNow, 'the new recording');
    expect(run.stale).toBe(false);
    expect(run.recordings[0].toolExecution).toBe('sequential');
  });

  it('names the scenario as what changed; a short run may record again by itself, a long one waits for Play', async () => {
    const { run, env } = setup();
    await run.record();
    env.setFile(twoSleeps({ prompt: 'Sleep twice, please' }));
    expect(run.staleReasons).toEqual([{ input: 'scenario' }]);
    expect(autoRecordable(run)).toBe(true);
    await run.rerecord();
    // Not playing: the new recording is shown at its end, so the outcome of the edit is in view.
    expect(run.stale).toBe(false);
    expect(run.state).toBe('ended');
    expect(run.cursorMs).toBe(run.durationMs);

    const slow = setup(twoSleeps({ turns: [{ content: [{ type: 'toolCall', id: 'h', name: 'hold', arguments: {} }] }, { content: 'Done.' }] }));
    const recorded = slow.run.record();
    await new Promise((r) => setTimeout(r, AUTO_RECORD_MAX_WALL_MS + 100)); // real work held the recording this long
    slow.env.releaseHolds();
    await recorded;
    expect(slow.run.recordWallMs).toBeGreaterThan(AUTO_RECORD_MAX_WALL_MS);
    slow.env.setFile(twoSleeps({ prompt: 'Again' }));
    expect(slow.run.stale).toBe(true);
    expect(autoRecordable(slow.run)).toBe(false);
  });

  it('says "recording" from the moment Play asks a loaded recording\'s origin to make it anew, then plays the new one', async () => {
    const recordingOf = async (file: object) => { const made = setup(file); await made.run.record(); return made.run.recordings.slice(); };
    const first = await recordingOf(twoSleeps());
    const second = await recordingOf(twoSleeps({ prompt: 'Changed' }));
    const { run, env, frames } = setup();
    const key = () => { const source = env.environment.scenario(); return source.ok ? source.key : ''; };
    let rerecords = 0;
    let finish: (makeNew: boolean) => void = () => {};
    const origin = {
      identity: { scenario: key() },
      current: () => ({ scenario: key() }),
      wallMs: 10,
      rerecord: () => new Promise<void>((resolve) => {
        rerecords++;
        finish = (makeNew) => { if (makeNew) run.load(second, { ...origin, identity: { scenario: key() } }); resolve(); };
      }),
    };
    run.load(first, origin);
    run.seek(run.durationMs);
    expect(run.state).toBe('ended');

    env.setFile(twoSleeps({ prompt: 'Changed' }));
    expect(run.stale).toBe(true);
    run.play();
    // Not the old recording's "ended": a script waiting for the end must wait for the new one.
    expect(run.state).toBe('recording');
    expect(run.playing).toBe(true);
    run.play();
    expect(rerecords).toBe(1);
    finish(true);
    await waitUntil(() => run.state !== 'recording', 'the new recording');
    frames.tick(16);
    expect(run.recordings).toEqual(second);
    expect(run.state).toBe('playing');
    expect(run.cursorMs).toBeLessThan(100);

    // The origin could not record (it shows why): the old recording stays, paused where it was.
    env.setFile(twoSleeps({ prompt: 'Changed again' }));
    run.pause();
    run.play();
    expect(run.state).toBe('recording');
    finish(false);
    await waitUntil(() => run.state !== 'recording', 'the origin to give up');
    expect(run.playing).toBe(false);
    expect(run.recordings).toEqual(second);
  });

  it('records again while playing: the new recording plays from the start', async () => {
    const { run, env, frames } = setup();
    await run.record();
    run.play();
    frames.tick(16);
    frames.tick(500);
    expect(run.cursorMs).toBeGreaterThan(400);
    env.setFile(twoSleeps({ prompt: 'Changed' }));
    await run.rerecord();
    frames.tick(16);
    expect(run.playing).toBe(true);
    expect(run.cursorMs).toBeLessThan(100);
  });

  it('records when asked before the scenario checker has loaded: "recording" at once, the run once it is here', async () => {
    const env = createTestRunEnvironment(twoSleeps());
    let loaded = false;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => { finish = () => { loaded = true; resolve(); }; });
    const environment = {
      ...env.environment,
      pending: () => (loaded ? undefined : gate),
      scenario: () => (loaded ? env.environment.scenario() : { ok: false as const, reason: { key: 'run.error.loading' } }),
    };
    const run = new RunState(environment, manualFrames());
    const recorded = run.record();
    expect(run.state).toBe('recording');
    finish();
    expect(await recorded).toBe(true);
    expect(run.recordings[0]?.status).toBe('done');
    expect(run.error).toBeNull();
  });

  it('reports why it cannot record, and keeps speed within 0.25× to 8×', async () => {
    const { run, env } = setup();
    env.setFile({ prompt: 1 });
    expect(await run.record()).toBe(false);
    expect(run.state).toBe('error');
    expect(run.error).toEqual({ key: 'run.error.noScenario' });
    for (let i = 0; i < 10; i++) run.nudgeSpeed(1);
    expect(run.speed).toBe(8);
    for (let i = 0; i < 10; i++) run.nudgeSpeed(-1);
    expect(run.speed).toBe(0.25);
    run.setSpeed(3);
    expect(run.speed).toBe(0.25);
  });

  it('restarts from a clean state with the selected call still selected', async () => {
    const { run } = setup();
    await run.stepPhase();
    await run.stepPhase();
    const before = run.recordings[0].id;
    await run.restart();
    expect(run.recordings[0].id).not.toBe(before);
    expect(run.cursorMs).toBe(0);
    expect(run.selection).toEqual({ recordingId: run.recordings[0].id, toolCallId: 'a' });
    expect(run.phase).toBe('pending');
  });
});
