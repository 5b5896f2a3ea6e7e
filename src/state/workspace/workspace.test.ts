import { describe, expect, it } from 'vitest';
import { createStarterWorkspace } from '../../content/examples/index.ts';
import { tIn } from '../../ui/i18n/i18n.svelte.ts';
import type { UiMessage } from '../shell/ui-message.ts';
import { AGENT_PAGE_ID, WorkspaceState, type ChangeKind } from './workspace.svelte.ts';

function starter(): WorkspaceState {
  const ws = new WorkspaceState();
  ws.load({ ...createStarterWorkspace() });
  return ws;
}

const names = (ws: WorkspaceState) => ws.tools.map((t) => t.name);
/** What the person reads (in English) for a message the state produced. */
const words = (message: UiMessage | null | undefined) => (message ? tIn('en', message.key, message.params) : undefined);
const reason = (outcome: { ok: boolean; reason?: UiMessage }) => words(outcome.reason);

describe('workspace actions', () => {
  it('adds a new tool after the selection, selects it, and undo takes it away again', () => {
    const ws = starter();
    ws.select(ws.tools[1].id);
    const id = ws.addTool('typescript');
    expect(names(ws).slice(0, 3)).toEqual(['get_weather', 'read_file', 'new_tool']);
    expect(ws.selectedId).toBe(id);
    expect(ws.selected?.source).toContain('name: "new_tool"');
    expect(words(ws.undoLabel)).toBe('Add new_tool');
    ws.undo();
    expect(names(ws)).not.toContain('new_tool');
    expect(ws.selectedId).toBe(ws.tools[1].id);
    ws.redo();
    expect(names(ws)[2]).toBe('new_tool');
  });

  it('gives added and duplicated tools names that are free, and renames the copy in its source', () => {
    const ws = starter();
    ws.addTool('typescript');
    ws.addTool('typescript');
    expect(names(ws).filter((n) => n.startsWith('new_tool'))).toEqual(['new_tool', 'new_tool_2']);
    const echo = ws.tools.find((t) => t.name === 'echo')!;
    ws.duplicate(echo.id);
    const copy = ws.tools[ws.tools.indexOf(ws.tools.find((t) => t.name === 'echo')!) + 1];
    expect(copy.name).toBe('echo_copy');
    expect(copy.source).toContain('name: "echo_copy"');
    expect(echo.source).toContain('name: "echo"');
  });

  it('adds a JSON Schema tool shaped like an MCP tools/list entry', () => {
    const ws = starter();
    ws.addTool('json-schema');
    expect(ws.selected?.kind).toBe('json-schema');
    expect(JSON.parse(ws.selected!.source)).toMatchObject({ name: 'mcp_tool', inputSchema: { type: 'object' } });
  });

  it('renames a tool by rewriting its name in the source, and undo puts the old name back', () => {
    const ws = starter();
    const weather = ws.tools[0];
    expect(ws.rename(weather.id, 'get_forecast')).toEqual({ ok: true });
    expect(ws.tools[0].name).toBe('get_forecast');
    expect(ws.tools[0].source).toContain('name: "get_forecast"');
    expect(ws.tools[0].source).not.toContain('"get_weather"');
    ws.undo();
    expect(ws.tools[0].name).toBe('get_weather');
    expect(ws.tools[0].source).toContain('name: "get_weather"');
  });

  it('keeps text typed after a rename when that rename is undone', () => {
    const ws = starter();
    const id = ws.tools[0].id;
    ws.rename(id, 'forecast');
    ws.setSource(id, ws.tools[0].source.replace('label: "Weather"', 'label: "Forecast"'));
    ws.undo();
    expect(ws.tools[0].source).toContain('label: "Forecast"');
    expect(ws.tools[0].source).toContain('name: "get_weather"');
  });

  it('refuses names providers reject, names in use, and names it cannot find in the code', () => {
    const ws = starter();
    const weather = ws.tools[0];
    expect(reason(ws.rename(weather.id, 'get weather'))).toContain('letters, digits');
    expect(reason(ws.rename(weather.id, 'echo'))).toBe('A tool named echo exists already.');
    ws.setSource(weather.id, weather.source.replace('name: "get_weather"', 'name: NAME'));
    expect(reason(ws.rename(weather.id, 'other'))).toContain('edit the name field');
    expect(ws.tools[0].name).toBe('get_weather');
    expect(ws.canUndo).toBe(false);
  });

  it('deletes a tool, selects its neighbour, and undo restores it in place with its source', () => {
    const ws = starter();
    const listDir = ws.tools[2];
    const source = listDir.source;
    ws.select(listDir.id);
    ws.remove(listDir.id);
    expect(names(ws)).not.toContain('list_dir');
    expect(ws.selected?.name).toBe('echo');
    ws.undo();
    expect(ws.tools[2]).toMatchObject({ id: listDir.id, name: 'list_dir', source });
    expect(ws.selectedId).toBe(listDir.id);
  });

  it('reorders tools and undoes the move', () => {
    const ws = starter();
    const echo = ws.tools.find((t) => t.name === 'echo')!;
    ws.move(echo.id, 0);
    expect(names(ws).slice(0, 2)).toEqual(['echo', 'get_weather']);
    ws.undo();
    expect(names(ws).indexOf('echo')).toBe(3);
  });

  it('resets to the examples as one undoable step', () => {
    const ws = starter();
    ws.remove(ws.tools[0].id);
    ws.setSystemPrompt('Custom');
    ws.resetToExamples();
    expect(names(ws)[0]).toBe('get_weather');
    expect(ws.settings.systemPrompt).not.toBe('Custom');
    ws.undo();
    expect(names(ws)[0]).toBe('read_file');
    expect(ws.settings.systemPrompt).toBe('Custom');
  });

  it('undoes a change of tool execution mode but leaves text edits to the editor', () => {
    const ws = starter();
    ws.setToolExecution('sequential');
    ws.setSource(ws.tools[0].id, 'edited');
    expect(words(ws.undoLabel)).toBe('Tool execution: sequential');
    ws.undo();
    expect(ws.settings.toolExecution).toBe('parallel');
    expect(ws.tools[0].source).toBe('edited');
  });

  it('tells listeners what kind of change happened', () => {
    const ws = starter();
    const kinds: ChangeKind[] = [];
    ws.onChange((k) => kinds.push(k));
    ws.setSource(ws.tools[0].id, 'x');
    ws.select(ws.tools[1].id);
    ws.addTool('typescript');
    ws.syncName(ws.tools[0].id, 'renamed_in_code');
    ws.select(AGENT_PAGE_ID);
    expect(kinds).toEqual(['content', 'selection', 'structure', 'meta', 'selection']);
    expect(ws.selectedId).toBe(AGENT_PAGE_ID);
  });

  it('keeps unknown top-level keys of a stored workspace when saving it again', () => {
    const ws = new WorkspaceState();
    ws.load({ ...createStarterWorkspace(), scenario: { script: 'kept' } });
    expect(ws.snapshot().scenario).toEqual({ script: 'kept' });
  });
});
