// The network switch as the app keeps it: off by default, saved with the workspace, handed to the sandbox before
// its first evaluation, and off again for whatever is opened from a link or a workspace file.
import { afterEach, describe, expect, it } from 'vitest';
import { createStarterWorkspace } from '../../content/examples/index.ts';
import { createShareUrl, decodeShareToken, findShareToken } from '../../portable/index.ts';
import { encodeWorkspaceFile } from '../../portable/index.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import type { KeyValueStore } from '../../storage/kv-store.ts';
import type { Workspace } from '../../storage/workspace.ts';
import { createAppState, type RunningApp } from '../shell/app-state.ts';
import { createFakeRuntime } from '../testing/fake-runtime.ts';
import { SANDBOX_NETWORK_KEY } from '../../storage/keys.ts';

const running: RunningApp[] = [];
afterEach(() => { while (running.length) running.pop()!.dispose(); });
let counter = 0;

/** An app over `store` whose runtime records every setNetwork and every evaluation, in order. */
async function open(store: KeyValueStore = createMemoryStore()) {
  const log: string[] = [];
  const fake = createFakeRuntime();
  const runtime = {
    ...fake,
    evaluate: (files: Parameters<typeof fake.evaluate>[0]) => { log.push('evaluate'); return fake.evaluate(files); },
    setNetwork: async (allowed: boolean) => { log.push(`network ${allowed ? 'on' : 'off'}`); },
  };
  const app = createAppState({ store, runtime, channelName: `network-${Date.now()}-${counter++}`, saveDelayMs: 0, typingDelayMs: 0 });
  running.push(app);
  await app.start();
  await app.sandboxNetwork.settled();
  return { app, log, store };
}

function sharedWith(setting: unknown): Workspace {
  return { ...createStarterWorkspace(), [SANDBOX_NETWORK_KEY]: setting } as Workspace;
}

describe('network access for tool code', () => {
  it('is off in a new workspace, and the sandbox is never asked to turn it on', async () => {
    const { app, log } = await open();
    expect(app.sandboxNetwork.allowed).toBe(false);
    expect(app.sandboxNetwork.available).toBe(true);
    expect(log).not.toContain('network on');
  });

  it('turned on, re-creates the sandbox with it and is saved with the workspace; a reload applies it before the first evaluation', async () => {
    const store = createMemoryStore();
    const first = await open(store);
    await first.app.sandboxNetwork.set(true);
    expect(first.app.sandboxNetwork.allowed).toBe(true);
    expect(first.app.sandboxNetwork.status).toBe('idle');
    expect(first.log).toContain('network on');
    expect(first.app.workspace.canUndo).toBe(false); // a setting, not an edit Undo would take back
    await first.app.flush();
    first.app.dispose();

    const second = await open(store);
    expect(second.app.sandboxNetwork.allowed).toBe(true);
    expect(second.log[0]).toBe('network on');
    expect(second.log.indexOf('network on')).toBeLessThan(second.log.indexOf('evaluate'));
  });

  it('a sandbox that fails to switch says so, with the reason', async () => {
    const { app } = await open();
    const failing = createAppState({
      store: createMemoryStore(),
      runtime: { ...createFakeRuntime(), setNetwork: async () => { throw new Error('The sandbox did not start within 15 s'); } },
      channelName: `network-fail-${counter++}`, saveDelayMs: 0, typingDelayMs: 0,
    });
    running.push(failing);
    await failing.start();
    await failing.sandboxNetwork.set(true);
    expect(failing.sandboxNetwork.status).toBe('failed');
    expect(failing.sandboxNetwork.error).toBe('The sandbox did not start within 15 s');
    expect(app.sandboxNetwork.status).toBe('idle');
  });

  it('is off for a workspace opened from a share link that says it is on, until the user turns it on', async () => {
    const { app, log } = await open();
    await app.portable.load();
    app.portable.receiveLink(createShareUrl('https://x.test/', { scope: 'workspace', workspace: sharedWith({ allowed: true }) as never }));
    await app.portable.accept();
    await app.sandboxNetwork.settled();
    expect(app.sandboxNetwork.allowed).toBe(false);
    expect(log).not.toContain('network on');
    await app.sandboxNetwork.set(true);
    expect(log.at(-1)).toBe('network on');
  });

  it('is turned off when a workspace file is opened, even with it on before', async () => {
    const { app, log } = await open();
    await app.sandboxNetwork.set(true);
    await app.portable.load();
    app.portable.receiveWorkspaceFile('theirs.pi-playground.json', encodeWorkspaceFile(sharedWith({ allowed: true }) as never));
    await app.portable.accept();
    await app.sandboxNetwork.settled();
    expect(app.sandboxNetwork.allowed).toBe(false);
    expect(log.at(-1)).toBe('network off');
  });

  it('is left out of the share links and workspace files the user makes', async () => {
    const { app } = await open();
    await app.sandboxNetwork.set(true);
    await app.portable.load();
    const link = app.portable.shareUrl('https://x.test/', { scope: 'workspace' });
    const decoded = decodeShareToken(findShareToken(link)!);
    expect(decoded.ok && Object.keys(decoded.payload.workspace)).not.toContain(SANDBOX_NETWORK_KEY);
    expect(app.portable.workspaceFile().text).not.toContain(SANDBOX_NETWORK_KEY);
  });
});
