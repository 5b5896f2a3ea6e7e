// Every input of a run is part of its identity, as a learner meets it in the app (real sandbox, real files): each
// change marks the shown recording out of date with the input named, and Play records anew with the change in it.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { STARTER_HOOKS } from '../../content/examples/index.ts';
import type { RecordedEvent } from '../../recording/index.ts';
import { createSandbox } from '../../sandbox/index.ts';
import type { KeyValueStore } from '../../storage/kv-store.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { createFsCapabilityHost } from '../../storage/workspace-fs.ts';
import { createAppState, type RunningApp } from '../shell/app-state.ts';
import { snapshot } from '../../automation/index.ts';
import { createWorkspaceFilesService } from '../files/service.ts';
import { identityChanges } from './identity.ts';

const apps: RunningApp[] = [];
afterEach(() => { for (const app of apps.splice(0)) app.dispose(); });

const waitUntil = async (condition: () => boolean, what: string, ms = 10_000) => {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > ms) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** The app with the real sandbox on the app's filesystem; auto re-record off unless asked (Play is under test). */
async function startApp(options: { auto?: boolean; quietMs?: number; store?: KeyValueStore } = {}) {
  const files = createWorkspaceFilesService({ memory: true });
  const ready = files.open().then((opened) => opened.fileSystem);
  const runtime = createSandbox({ fs: createFsCapabilityHost(ready, { tracing: () => files.sandboxTrace }) });
  const app = createAppState({
    store: options.store ?? createMemoryStore(), runtime, files, channelName: `identity-${Math.random()}`, saveDelayMs: 0, typingDelayMs: 0,
    autoRecordQuietMs: options.quietMs ?? 50,
  });
  apps.push(app);
  const dispose = app.dispose;
  app.dispose = () => { dispose(); runtime.dispose(); };
  await app.start();
  // What the shell asks for once the app is ready and idle (the scenario checker, pi's coding tools).
  app.loadDeferred();
  if (!options.auto) app.preferences.setAutoRecord(false);
  await waitUntil(() => app.scenarios.ready && app.evaluation.status === 'ready' && app.files.status === 'ready', 'the app');
  return app;
}

/** Presses Play on an out-of-date recording and waits for the new one. */
async function playAnew(app: RunningApp) {
  const before = app.run.recordings[0]?.id;
  app.run.play();
  expect(app.run.state).toBe('recording');
  await waitUntil(() => !app.run.recordingNow && app.run.recordings[0]?.id !== before, 'the new recording');
  app.run.pause();
  expect(app.run.stale).toBe(false);
  expect(app.run.staleReasons).toEqual([]);
}

const results = (events: readonly RecordedEvent[]) =>
  events.flatMap((e) => (e.source === 'pi' && e.event.type === 'tool_execution_end' ? [e.event] : []));
const resultText = (events: readonly RecordedEvent[], id: string) => JSON.stringify(results(events).find((r) => r.toolCallId === id)?.result);

function toolFile(app: RunningApp, name: string) {
  const file = app.workspace.tools.find((t) => t.name === name);
  if (!file) throw new Error(`no tool ${name}`);
  return file;
}

/** A scenario of its own, selected: one turn calling `calls`, then an answer. */
function useScenario(app: RunningApp, calls: object[]) {
  const id = app.scenarios.add('blank', 'identity');
  app.scenarios.setText(id, JSON.stringify({ prompt: 'Go', timing: { tokenSize: 4, tokensPerSecond: 400 }, turns: [{ content: calls }, { content: 'Done.' }] }));
  app.scenarios.select(id);
}

describe('a recording is out of date when any input changes, and Play records anew', () => {
  it('tool source: an executionMode added to slow_fetch names the tool, and the new run takes the sum of both tools', async () => {
    const app = await startApp();
    await app.run.record();
    const parallel = app.run.durationMs;
    expect(parallel).toBeGreaterThan(2000);
    expect(parallel).toBeLessThan(3000);
    const file = toolFile(app, 'slow_fetch');
    app.workspace.setSource(file.id, file.source.replace('name: "slow_fetch",', 'name: "slow_fetch",\n  executionMode: "sequential",'));
    expect(app.run.staleReasons).toEqual([{ input: 'tool', name: 'slow_fetch', change: 'changed' }]);
    const automation = () => snapshot({ app, presentation: app.presentation, ready: true, locale: 'en', scenarioName: () => '', problems: [] });
    expect(automation().outOfDate).toEqual(['tool:slow_fetch']);
    await playAnew(app);
    expect(app.run.durationMs).toBeGreaterThan(4000);
    expect(automation().outOfDate).toEqual([]);
  });

  it('tool source: a changed error text is in the new toolResult; typing it back makes the old recording current again', async () => {
    const app = await startApp();
    await app.run.record();
    const file = toolFile(app, 'slow_compute');
    const original = file.source;
    const failing = original.replace('await new Promise((r) => setTimeout(r, 2000));', 'throw new Error("fib is closed today");');
    expect(failing).not.toBe(original);
    app.workspace.setSource(file.id, failing);
    app.workspace.setSource(file.id, original);
    expect(app.run.stale).toBe(false);
    app.workspace.setSource(file.id, failing);
    expect(app.run.staleReasons).toEqual([{ input: 'tool', name: 'slow_compute', change: 'changed' }]);
    await playAnew(app);
    expect(resultText(app.run.recordings[0].events, 'fib')).toContain('fib is closed today');
  });

  it('tools added and removed are named', async () => {
    const app = await startApp();
    await app.run.record();
    app.workspace.remove(toolFile(app, 'echo').id);
    expect(app.run.staleReasons).toEqual([{ input: 'tool', name: 'echo', change: 'removed' }]);
  });

  it('hooks: a hook that blocks slow_fetch says "hooks", and the new run shows the block', async () => {
    const app = await startApp();
    await app.run.record();
    expect(resultText(app.run.recordings[0].events, 'fetch')).toContain('200 OK');
    app.workspace.setHooks(STARTER_HOOKS.replace('toolCall.name === "deploy" && environment === "production"', 'toolCall.name === "slow_fetch"'));
    expect(app.run.staleReasons).toEqual([{ input: 'hooks' }]);
    await playAnew(app);
    expect(resultText(app.run.recordings[0].events, 'fetch')).toContain('Deploying to production needs approval');
  });

  it('loop settings: sequential execution on the agent page says "settings", and the new run is sequential', async () => {
    const app = await startApp();
    await app.run.record();
    app.workspace.setToolExecution('sequential');
    expect(app.run.staleReasons).toEqual([{ input: 'settings' }]);
    await playAnew(app);
    expect(app.run.recordings[0].toolExecution).toBe('sequential');
    expect(app.run.durationMs).toBeGreaterThan(4000);
  });

  it('loop settings a scenario sets itself do not make its recording out of date', async () => {
    const app = await startApp();
    const id = app.scenarios.selected!.id;
    app.scenarios.editFile(id, (file) => ({ ...file, toolExecution: 'parallel' }));
    await app.run.record();
    app.workspace.setToolExecution('sequential');
    expect(app.run.stale).toBe(false);
  });

  it('scenario: a changed prompt says "scenario", and the new run sends it', async () => {
    const app = await startApp();
    await app.run.record();
    app.scenarios.editFile(app.scenarios.selected!.id, (file) => ({ ...file, prompt: 'Fetch it, then compute fib(31).' }));
    expect(app.run.staleReasons).toEqual([{ input: 'scenario' }]);
    await playAnew(app);
    const user = app.run.recordings[0].events.find((e) => e.source === 'pi' && e.event.type === 'message_start' && e.event.message.role === 'user');
    expect(JSON.stringify(user)).toContain('fib(31)');
  });

  it('starting files: edits are put back before a replay, "Start from the files as they are now" says "files" and is read', async () => {
    const app = await startApp();
    useScenario(app, [{ type: 'toolCall', id: 'todo', name: 'read_file', arguments: { path: 'notes/todo.md' } }]);
    await app.run.record();
    const { fs } = await app.files.loaded();
    await fs.writeFile('notes/todo.md', 'Water the plants.');
    // An edit in the files panel is not a new start: a replay puts the recorded start back, so nothing is out of date.
    expect(app.run.stale).toBe(false);
    await app.fileSnapshots.useCurrentFiles();
    expect(app.run.staleReasons).toEqual([{ input: 'files' }]);
    await playAnew(app);
    expect(resultText(app.run.recordings[0].events, 'todo')).toContain('Water the plants.');
  });

  it('coding tools: turning pi\'s built-in tools on says "codingTools", and the new run can call read', async () => {
    const app = await startApp();
    useScenario(app, [{ type: 'toolCall', id: 'r', name: 'read', arguments: { path: 'README.md' } }]);
    await app.run.record();
    expect(results(app.run.recordings[0].events)[0].isError).toBe(true); // no such tool yet
    app.codingTools.setEnabled(true);
    expect(app.run.staleReasons).toEqual([{ input: 'codingTools' }]);
    await playAnew(app);
    expect(results(app.run.recordings[0].events)[0].isError).toBe(false);
  });

  it('sandbox timeout: another limit says "timeout", and the new run stops the hanging tool at it', async () => {
    const app = await startApp();
    const hang = app.workspace.addTool('typescript');
    app.workspace.setSource(hang, `import { Type } from "typebox";
export default { name: "hang", label: "Hang", description: "Never answers", parameters: Type.Object({}),
  async execute() { await new Promise(() => {}); return { content: [], details: {} }; } };`);
    await waitUntil(() => app.evaluation.evaluation.tools.some((t) => t.name === 'hang'), 'the hanging tool');
    useScenario(app, [{ type: 'toolCall', id: 'h', name: 'hang', arguments: {} }]);
    app.sandboxTimeout.set(400);
    await app.run.record();
    expect(resultText(app.run.recordings[0].events, 'h')).toContain('did not finish within 400 ms');
    app.sandboxTimeout.set(100);
    expect(app.run.staleReasons).toEqual([{ input: 'timeout' }]);
    await playAnew(app);
    expect(resultText(app.run.recordings[0].events, 'h')).toContain('did not finish within 100 ms');
  });

  it('network for tool code: a recording made with it on, the switch off, says "network", and the new run is refused the fetch', async () => {
    const app = await startApp();
    const net = app.workspace.addTool('typescript');
    app.workspace.setSource(net, `import { Type } from "typebox";
export default { name: "net", label: "Net", description: "Fetches", parameters: Type.Object({ url: Type.String() }),
  async execute(_id, args) {
    try { return { content: [{ type: "text", text: "got " + await (await fetch(args.url)).text() }], details: {} }; }
    catch (e) { return { content: [{ type: "text", text: "refused: " + e.message }], details: {} }; }
  } };`);
    await waitUntil(() => app.evaluation.evaluation.tools.some((t) => t.name === 'net'), 'the fetching tool');
    useScenario(app, [{ type: 'toolCall', id: 'n', name: 'net', arguments: { url: `${inject('netTestServer')}/identity-network` } }]);
    await app.sandboxNetwork.set(true);
    await app.run.record();
    expect(resultText(app.run.recordings[0].events, 'n')).toContain('got pong');
    await app.sandboxNetwork.set(false);
    expect(app.run.staleReasons).toEqual([{ input: 'network' }]);
    expect(snapshot({ app, presentation: app.presentation, ready: true, locale: 'en', scenarioName: () => '', problems: [] }).outOfDate).toEqual(['network']);
    await playAnew(app);
    expect(resultText(app.run.recordings[0].events, 'n')).toContain('refused: ');
    // Back on: the recording made with it off is out of date in turn.
    await app.sandboxNetwork.set(true);
    expect(app.run.staleReasons).toEqual([{ input: 'network' }]);
  });

  it('several changes at once are all listed, in a fixed order', async () => {
    const app = await startApp();
    await app.run.record();
    const file = toolFile(app, 'slow_fetch');
    app.workspace.setHooks('');
    app.workspace.setSource(file.id, `${file.source}\n// changed`); // read before the call: the source as it was
    app.workspace.setToolExecution('sequential');
    expect(app.run.staleReasons).toEqual([{ input: 'settings' }, { input: 'tool', name: 'slow_fetch', change: 'changed' }, { input: 'hooks' }]);
  });
});

describe('auto re-record', () => {
  it('records a short run again by itself once the edit is evaluated and quiet, and shows it at its end', async () => {
    const app = await startApp({ auto: true, quietMs: 150 });
    await app.run.record();
    const first = app.run.recordings[0].id;
    const file = toolFile(app, 'slow_fetch');
    const original = file.source;
    // Typing: every keystroke starts the quiet time over, so nothing records in between.
    for (const suffix of ['\n//', '\n// a', '\n// ab']) {
      app.workspace.setSource(file.id, original + suffix);
      await new Promise((r) => setTimeout(r, 60));
      expect(app.run.recordings[0].id).toBe(first);
    }
    app.workspace.setSource(file.id, original.replace('name: "slow_fetch",', 'name: "slow_fetch",\n  executionMode: "sequential",'));
    expect(app.run.stale).toBe(true);
    await waitUntil(() => app.run.recordings[0]?.id !== first && !app.run.recordingNow, 'the automatic recording');
    expect(app.run.stale).toBe(false);
    expect(app.run.durationMs).toBeGreaterThan(4000);
    expect(app.run.state).toBe('ended');
  });

  it('waits for Play when turned off, and while the code has errors', async () => {
    const app = await startApp({ quietMs: 50 });
    await app.run.record();
    const first = app.run.recordings[0].id;
    const file = toolFile(app, 'slow_fetch');
    const original = file.source;
    app.workspace.setSource(file.id, `${original}\n// off`);
    await new Promise((r) => setTimeout(r, 400));
    expect(app.run.recordings[0].id).toBe(first);
    expect(app.run.stale).toBe(true);

    app.preferences.setAutoRecord(true);
    app.workspace.setSource(file.id, `${original}\nconst = ;`);
    await waitUntil(() => app.evaluation.evaluation.diagnostics.length > 0, 'the syntax error');
    await new Promise((r) => setTimeout(r, 400));
    expect(app.run.recordings[0].id).toBe(first);

    app.workspace.setSource(file.id, `${original}\n// fixed`);
    await waitUntil(() => app.run.recordings[0]?.id !== first && !app.run.recordingNow, 'the automatic recording');
    expect(app.run.stale).toBe(false);
  });

  it('is a preference, on by default and remembered after a reload', async () => {
    const store = createMemoryStore();
    const app = await startApp({ auto: true, store });
    expect(app.preferences.autoRecord).toBe(true);
    app.preferences.setAutoRecord(false);
    await app.flush();
    const again = await startApp({ auto: true, store });
    expect(again.preferences.autoRecord).toBe(false);
  });
});

describe('identityChanges', () => {
  it('names the network switch when a recording was made under the other setting, and only where both sides know it', () => {
    const base = { scenario: 's\n{}', scenarioId: 's' };
    expect(identityChanges({ ...base, network: true }, { ...base, network: false })).toEqual([{ input: 'network' }]);
    expect(identityChanges({ ...base, network: false }, { ...base, network: false })).toEqual([]);
    expect(identityChanges(base, { ...base, network: true })).toEqual([]);
    expect(identityChanges({ ...base, timeoutMs: 400, network: true }, { ...base, timeoutMs: 100, network: false })).toEqual([{ input: 'timeout' }, { input: 'network' }]);
  });
});
