import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../recording/scenario/parse/index.ts';
import { createStarterWorkspace } from '../../content/examples/index.ts';
import { EXAMPLE_SCENARIOS } from '../../content/examples/scenarios/index.ts';
import { SCENARIOS_KEY } from '../../storage/keys.ts';
import { parseScenarioDocument } from '../../storage/scenarios.ts';
import { parseWorkspace } from '../../storage/workspace.ts';
import { ScenarioState } from './scenario.svelte.ts';
import { ViewsState } from '../shell/views.svelte.ts';
import { WorkspaceState } from './workspace.svelte.ts';

async function setup(stored?: unknown) {
  const workspace = new WorkspaceState();
  workspace.load(parseWorkspace(stored ?? createStarterWorkspace())!);
  const views = new ViewsState();
  const scenarios = new ScenarioState(workspace, views, async () => parseScenario);
  await scenarios.start();
  return { workspace, views, scenarios };
}

describe('ScenarioState', () => {
  it('starts an old workspace (saved before scenarios existed) with the built-in examples, without writing anything', async () => {
    const changes: string[] = [];
    const { workspace, scenarios } = await setup();
    workspace.onChange((kind) => changes.push(kind));
    expect(scenarios.items.map((i) => i.exampleId)).toEqual(EXAMPLE_SCENARIOS.map((e) => e.id));
    expect(scenarios.selected?.exampleId).toBe('parallel-vs-sequential');
    expect(scenarios.result?.ok).toBe(true);
    expect(workspace.extension(SCENARIOS_KEY)).toBeUndefined();
    expect(changes).toEqual([]);
  });

  it('refuses a text that does not parse, with errors at their lines, and runs keep the last good version', async () => {
    const { scenarios, workspace } = await setup();
    const id = scenarios.selected!.id;
    const good = scenarios.selected!.text;
    const broken = good.replace('"prompt": "Fetch', '"prompt": 42, "x": "Fetch');
    scenarios.setText(id, broken);
    expect(scenarios.selected?.text).toBe(broken);
    expect(scenarios.errors.length).toBeGreaterThan(0);
    expect(scenarios.errors[0].line).toBe(4);
    const runnable = scenarios.runnable();
    expect(runnable?.fromLastGood).toBe(true);
    expect(runnable?.text).toBe(good);
    // A second bad edit still keeps the same last good text; the document is saved with it.
    scenarios.setText(id, `${broken} trailing`);
    const stored = parseScenarioDocument(workspace.extension(SCENARIOS_KEY));
    expect(stored?.items.find((i) => i.id === id)?.lastGoodText).toBe(good);
    scenarios.setText(id, good);
    expect(scenarios.errors).toEqual([]);
    expect(scenarios.runnable()?.fromLastGood).toBe(false);
  });

  it('fills in the workspace system prompt and execution mode when the file leaves them out', async () => {
    const { scenarios, workspace } = await setup();
    workspace.setToolExecution('sequential');
    const runnable = scenarios.runnable()!;
    expect(runnable.scenario.toolExecution).toBe('sequential');
    expect(runnable.scenario.systemPrompt).toBe(workspace.settings.systemPrompt);
    scenarios.editFile(runnable.id, (file) => ({ ...file, toolExecution: 'parallel', systemPrompt: 'Be brief.' }));
    expect(scenarios.runnable()?.scenario).toMatchObject({ toolExecution: 'parallel', systemPrompt: 'Be brief.' });
  });

  it('adds, duplicates, renames, selects and removes scenarios, saved in the workspace', async () => {
    const { scenarios, workspace, views } = await setup();
    const blank = scenarios.add('blank', 'My scenario');
    expect(scenarios.selected?.id).toBe(blank);
    expect(scenarios.items[1].name).toBe('My scenario');
    const copy = scenarios.duplicate(blank, 'My scenario (copy)')!;
    expect(scenarios.items[2]).toMatchObject({ id: copy, name: 'My scenario (copy)' });
    scenarios.rename(copy, '  Renamed ');
    scenarios.rename(copy, '   ');
    expect(scenarios.items[2].name).toBe('Renamed');
    expect(views.option('scenario.selected', '')).toBe(copy);
    scenarios.remove(copy);
    expect(scenarios.selected?.id).not.toBe(copy);
    expect(scenarios.items).toHaveLength(EXAMPLE_SCENARIOS.length + 1);
    const stored = parseScenarioDocument(workspace.snapshot()[SCENARIOS_KEY]);
    expect(stored?.items.map((i) => i.id)).toEqual(scenarios.items.map((i) => i.id));
    // Typing is not a workspace undo step; the editor's own history undoes it.
    const undoable = workspace.canUndo;
    scenarios.setText(blank, '{"prompt":"hi","turns":[]}');
    expect(workspace.canUndo).toBe(undoable);
  });

  it('loads the scenarios stored with a workspace, skipping damaged entries', async () => {
    const stored = {
      ...createStarterWorkspace(),
      [SCENARIOS_KEY]: { version: 1, items: [{ id: 's1', name: 'Mine', text: '{"prompt":"hi","turns":[{"content":"yo"}]}' }, { id: 5 }, 'junk'] },
    };
    const { scenarios } = await setup(stored);
    expect(scenarios.items).toEqual([{ id: 's1', name: 'Mine', text: '{"prompt":"hi","turns":[{"content":"yo"}]}' }]);
    expect(scenarios.runnable()?.scenario.prompts).toEqual(['hi']);
  });

  it('is usable before the parser has loaded: texts show, nothing runs yet', async () => {
    const workspace = new WorkspaceState();
    workspace.load(parseWorkspace(createStarterWorkspace())!);
    let finish!: () => void;
    const scenarios = new ScenarioState(workspace, new ViewsState(), () => new Promise((resolve) => { finish = () => resolve(parseScenario); }));
    const started = scenarios.start();
    expect(scenarios.ready).toBe(false);
    expect(scenarios.selected?.text).toContain('slow_fetch');
    expect(scenarios.runnable()).toBeNull();
    finish();
    await started;
    expect(scenarios.runnable()).not.toBeNull();
  });
});
