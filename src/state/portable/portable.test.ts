import { describe, expect, it, vi } from 'vitest';
import { createStarterWorkspace } from '../../content/examples/index.ts';
import { createShareUrl, encodeShareToken } from '../../portable/index.ts';
import { encodeWorkspaceFile } from '../../portable/index.ts';
import { parseScenario } from '../../recording/scenario/parse/index.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { BACKUPS_KEY, CODING_TOOLS_KEY, SCENARIOS_KEY } from '../../storage/keys.ts';
import { parseScenarioDocument } from '../../storage/scenarios.ts';
import { createFaultyStore } from '../../storage/testing/faulty-store.ts';
import { parseWorkspace, type Workspace } from '../../storage/workspace.ts';
import sessionText from '../../../tests/fixtures/pi-session/session.jsonl?raw';
import { createBackupStore } from '../../storage/backups.ts';
import type { SessionFileWriter } from './files.ts';
import { PortableState } from './portable.svelte.ts';
import { ScenarioState } from '../workspace/scenario.svelte.ts';
import { ViewsState } from '../shell/views.svelte.ts';
import { WorkspaceState } from '../workspace/workspace.svelte.ts';

async function setup(store = createMemoryStore(), sessionFiles?: SessionFileWriter) {
  const workspace = new WorkspaceState();
  workspace.load(parseWorkspace(createStarterWorkspace())!);
  const views = new ViewsState();
  const scenarios = new ScenarioState(workspace, views, async () => parseScenario);
  await scenarios.start();
  const run = { play: vi.fn() };
  const written: Record<string, string>[] = [];
  const portable = new PortableState({
    workspace, scenarios, views, run, backups: createBackupStore(store),
    pi: { workspace: () => workspace.snapshot(), scenarios, run: { recordings: [], stale: false, recordingNow: false, record: async () => false }, runStartFiles: () => null, codingTools: () => [] },
    sessionFiles: sessionFiles ?? { addMissing: async (files) => { written.push(files); return Object.keys(files).length; } },
  });
  await portable.load();
  return { workspace, views, scenarios, run, portable, store, written };
}

/** Someone else's workspace: one tool, sequential, a hooks file and a panel document of its own. */
function sharedWorkspace(): Workspace {
  const starter = createStarterWorkspace();
  return { tools: [starter.tools[3]], hooks: '// none\n', settings: { toolExecution: 'sequential', systemPrompt: 'Be brief.' }, panel: { x: 1 } };
}

describe('PortableState', () => {
  it('carries a scenario\'s code turns through links and workspace files, listing their code in the trust prompt first', async () => {
    const { workspace, portable, scenarios } = await setup();
    const code = 'import { fauxAssistantMessage } from "@earendil-works/pi-ai/compat";\nexport default (context) => fauxAssistantMessage(context.tools[0].description);\n';
    const text = `${JSON.stringify({ prompt: 'go', turns: [{ content: 'first' }, { code, timing: { delayMs: 5 } }] }, null, 2)}\n`;
    const shared = { ...sharedWorkspace(), [SCENARIOS_KEY]: { version: 1, items: [{ id: 'coded', name: 'Coded', text }] } } as Workspace;
    const before = workspace.snapshot();
    portable.receiveLink(createShareUrl('https://x.test/', { scope: 'workspace', workspace: shared }));
    expect(portable.offer?.preview.scenarios).toEqual([{ id: 'coded', name: 'Coded', turns: 2, codeTurns: [{ turn: 2, code, scan: { computed: [], imports: [{ kind: 'static', line: 1, specifier: '@earendil-works/pi-ai/compat' }], network: [] } }] }]);
    // Nothing from the link is in the workspace (so nothing of it is evaluated) until the user opens it.
    expect(workspace.snapshot()).toEqual(before);
    await portable.accept();
    const runnable = scenarios.runnable();
    expect(runnable?.scenario.turns[1]).toEqual({ code, timing: { delayMs: 5 } });
    // And back out as a workspace file, code unchanged.
    portable.receiveWorkspaceFile('work.json', encodeWorkspaceFile(workspace.snapshot()));
    expect(portable.offer?.preview.scenarios[0].codeTurns).toEqual([{ turn: 2, code, scan: { computed: [], imports: [{ kind: 'static', line: 1, specifier: '@earendil-works/pi-ai/compat' }], network: [] } }]);
    expect(parseScenarioDocument(portable.offer?.workspace[SCENARIOS_KEY])?.items[0].text).toBe(text);
  });

  it('holds an incoming link as an offer; only accepting replaces the workspace, after a backup, and Undo brings it back', async () => {
    const { workspace, portable, store } = await setup();
    const before = workspace.snapshot();
    expect(portable.receiveLink(createShareUrl('https://x.test/', { scope: 'workspace', workspace: sharedWorkspace() }))).toBe(true);
    expect(portable.offer?.preview.tools.map((t) => t.name)).toEqual(['echo']);
    expect(workspace.snapshot()).toEqual(before);
    expect(workspace.canUndo).toBe(false);

    await portable.accept();
    expect(workspace.snapshot()).toEqual(sharedWorkspace());
    expect(portable.notice?.key).toBe('portable.notice.opened');
    const backups = await store.get<{ reason: string; workspace: Workspace }[]>(BACKUPS_KEY);
    expect(backups?.map((b) => b.reason)).toEqual(['link']);
    expect(backups?.[0].workspace).toEqual(before);
    expect(portable.backups).toHaveLength(1);
    workspace.undo();
    expect(workspace.snapshot()).toEqual(before);
  });

  it('ignores an ordinary address, and refuses broken input without touching the workspace', async () => {
    const { workspace, portable } = await setup();
    const before = workspace.snapshot();
    expect(portable.receiveLink('https://x.test/#view=schema')).toBe(false);
    expect(portable.refused).toBeNull();
    const token = encodeShareToken({ scope: 'workspace', workspace: sharedWorkspace() });
    portable.receiveLink(`#share=${token.slice(0, 30)}`);
    expect(portable.refused).toMatchObject({ origin: 'link', error: { code: 'link-truncated' } });
    portable.receiveWorkspaceFile('notes.json', '{"hello": 1}');
    expect(portable.refused).toMatchObject({ origin: 'file', fileName: 'notes.json', error: { code: 'file-format' } });
    portable.receiveSession('log.jsonl', '{"level":"info"}\n');
    expect(portable.refused).toMatchObject({ origin: 'session', error: { code: 'session-no-header', params: { line: 1 } } });
    expect(portable.offer).toBeNull();
    portable.dismiss();
    expect(portable.refused).toBeNull();
    expect(workspace.snapshot()).toEqual(before);
    expect(workspace.canUndo).toBe(false);
  });

  it('still opens when the backup cannot be saved, says so, and Undo still works', async () => {
    const store = createFaultyStore(createMemoryStore());
    const { workspace, portable } = await setup(store);
    const before = workspace.snapshot();
    store.fail('quota');
    portable.receiveWorkspaceFile('w.pi-playground.json', encodeWorkspaceFile(sharedWorkspace()));
    await portable.accept();
    expect(portable.notice?.key).toBe('portable.notice.noBackup');
    expect(workspace.snapshot()).toEqual(sharedWorkspace());
    workspace.undo();
    expect(workspace.snapshot()).toEqual(before);
  });

  it('says when the backups cannot be read, and when a restore cannot back up the workspace it replaces', async () => {
    const store = createFaultyStore(createMemoryStore());
    const { workspace, portable } = await setup(store);
    const before = workspace.snapshot();
    portable.receiveLink(createShareUrl('https://x.test/', { scope: 'workspace', workspace: sharedWorkspace() }));
    await portable.accept();
    store.fail('unavailable');
    await portable.loadBackups();
    expect(portable.backupsError?.key).toBe('portable.import.backupsUnreadable');
    expect(portable.backupsError?.params?.reason).toContain('backing store');
    expect(portable.backups).toHaveLength(1); // what was read before stays listed
    await portable.restoreBackup(portable.backups[0].id);
    expect(workspace.snapshot()).toEqual(before);
    expect(portable.notice?.key).toBe('portable.notice.restoredNoBackup');
    store.fail(null);
    await portable.loadBackups();
    expect(portable.backupsError).toBeNull();
  });

  it('adds an imported pi session as a scenario with its coding tools and files, then replays it', async () => {
    const { workspace, scenarios, views, run, portable, written } = await setup();
    const toolsBefore = workspace.snapshot().tools;
    const examples = scenarios.items.length;
    portable.receiveSession('session.jsonl', sessionText);
    expect(portable.offer?.scope).toBe('session');
    expect(scenarios.items).toHaveLength(examples); // nothing added yet
    await portable.accept();
    const document = parseScenarioDocument(workspace.extension(SCENARIOS_KEY))!;
    expect(document.items).toHaveLength(examples + 1);
    const added = document.items[examples];
    expect(added.name).toBe('Raise the retry count');
    expect(scenarios.selected?.id).toBe(added.id);
    expect(scenarios.runnable()?.scenario.turns).toHaveLength(5);
    expect(workspace.extension(CODING_TOOLS_KEY)).toEqual({ enabled: true, tools: ['read', 'write', 'edit', 'ls'] });
    expect(workspace.snapshot().tools).toEqual(toolsBefore);
    expect(written).toEqual([{ 'src/config.ts': 'export const config = {\n  retries: 3,\n  timeoutMs: 5000,\n};\n' }]);
    expect(views.active).toBe('timeline');
    expect(run.play).toHaveBeenCalledOnce();
    expect(portable.notice).toEqual({ key: 'portable.notice.sessionAddedFiles', params: { count: 1 } });
  });

  it('says when the files an imported session read could not be written', async () => {
    const { portable } = await setup(createMemoryStore(), {
      addMissing: async () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); },
    });
    portable.receiveSession('session.jsonl', sessionText);
    await portable.accept();
    expect(portable.notice).toEqual({ key: 'portable.notice.sessionFilesFailed', params: { reason: 'The quota has been exceeded.' } });
  });

  it('restores a backup, keeping the workspace it replaces as a new backup', async () => {
    const { workspace, portable } = await setup();
    const before = workspace.snapshot();
    portable.receiveLink(createShareUrl('https://x.test/', { scope: 'workspace', workspace: sharedWorkspace() }));
    await portable.accept();
    await portable.restoreBackup(portable.backups[0].id);
    expect(workspace.snapshot()).toEqual(before);
    expect(portable.backups.map((b) => b.workspace.tools.length)).toEqual([1, 8]);
  });

  it('shares one tool with one scenario, or the whole workspace', async () => {
    const { workspace, scenarios, portable } = await setup();
    const echo = workspace.tools.find((t) => t.name === 'echo')!;
    const scenario = scenarios.items[2];
    const url = portable.shareUrl('https://x.test/app', { scope: 'selection', toolId: echo.id, scenarioId: scenario.id });
    const receiver = await setup();
    receiver.portable.receiveLink(url);
    expect(receiver.portable.offer?.scope).toBe('selection');
    expect(receiver.portable.offer?.workspace.tools).toEqual([echo]);
    expect(receiver.portable.offer?.preview.scenarios.map((s) => s.id)).toEqual([scenario.id]);
    expect(receiver.portable.offer?.workspace.hooks).toBe(workspace.hooks);
    const whole = portable.shareUrl('https://x.test/app#old', { scope: 'workspace' });
    expect(whole.startsWith('https://x.test/app#share=v1.')).toBe(true);
    receiver.portable.receiveLink(whole);
    expect(receiver.portable.offer?.workspace).toEqual(workspace.snapshot());
  });
});
