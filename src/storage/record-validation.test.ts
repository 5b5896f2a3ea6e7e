import { describe, expect, it } from 'vitest';
import { checkStoredWorkspace, checkWorkspaceRecord, describeFound } from './record-validation.ts';

const tool = (id: string, name: string, source = `// ${name}`) => ({ id, name, kind: 'typescript', source });
const ws = (extra: Record<string, unknown> = {}) => ({
  tools: [tool('a', 'alpha'), tool('b', 'beta')],
  hooks: '// hooks',
  settings: { toolExecution: 'sequential', systemPrompt: 'Be brief.' },
  ...extra,
});
const rec = (workspace: unknown, extra: Record<string, unknown> = {}) => ({ revision: 4, writer: 'tab', savedAt: 9, workspace, ...extra });

describe('checking a stored workspace record', () => {
  it('passes a valid record unchanged, keeping unknown record fields apart and workspace extensions in place', () => {
    const checked = checkWorkspaceRecord(rec(ws({ scenarios: { version: 1, items: [{ id: 's', name: 'S', text: '{}' }] }, panel: { x: 1 } }), { syncedFrom: 'laptop' }));
    expect(checked.issues).toEqual([]);
    expect(checked.repaired?.extras).toEqual({ syncedFrom: 'laptop' });
    expect(checked.repaired?.workspace).toEqual(ws({ scenarios: { version: 1, items: [{ id: 's', name: 'S', text: '{}' }] }, panel: { x: 1 } }));
    expect(checked.repaired?.revision).toBe(4);
  });

  it('takes defaults for fields an older build did not write, without an issue', () => {
    const checked = checkWorkspaceRecord({ revision: 1, workspace: { tools: [{ id: 'a', source: 'x' }] } });
    expect(checked.issues).toEqual([]);
    expect(checked.repaired?.workspace).toMatchObject({ tools: [{ id: 'a', name: 'tool', kind: 'typescript', source: 'x' }], hooks: '', settings: { toolExecution: 'parallel', systemPrompt: '' } });
  });

  it('names a wrong-typed revision with what was found, and repair reads the number in it', () => {
    const checked = checkWorkspaceRecord(rec(ws(), { revision: '7' }));
    expect(checked.issues).toEqual([{ path: 'revision', expected: 'integer', found: '"7"', repair: 'fix' }]);
    expect(checked.repaired?.revision).toBe(7);
    expect(checked.repaired?.workspace.tools.map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('keeps the good tools and names the bad one by its place and name', () => {
    const checked = checkWorkspaceRecord(rec(ws({ tools: [tool('a', 'alpha'), tool('b', 'beta'), { id: 'c', name: 'calc', kind: 'typescript', source: 42 }] })));
    expect(checked.issues).toEqual([{
      path: 'workspace.tools[2].source', expected: 'string', found: '42', repair: 'drop',
      item: { list: 'tool', index: 3, name: 'calc', field: 'source' },
    }]);
    expect(checked.repaired?.workspace.tools.map((t) => t.name)).toEqual(['alpha', 'beta']);
  });

  it('lists tools stored as an object, in their order', () => {
    const checked = checkWorkspaceRecord(rec(ws({ tools: { x: tool('a', 'alpha'), y: tool('b', 'beta') } })));
    expect(checked.issues).toEqual([{ path: 'workspace.tools', expected: 'list', found: '{…}', repair: 'fix' }]);
    expect(checked.repaired?.workspace.tools.map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('gives a repeated tool id a fresh one, keeping both tools', () => {
    const checked = checkStoredWorkspace(ws({ tools: [tool('a', 'alpha'), tool('a', 'again')] }));
    expect(checked.issues).toMatchObject([{ path: 'workspace.tools[1].id', expected: 'uniqueId', found: '"a"', repair: 'fix' }]);
    const ids = checked.repaired!.tools.map((t) => t.id);
    expect(ids[0]).toBe('a');
    expect(new Set(ids).size).toBe(2);
  });

  it('checks scenarios item by item: a bad one is dropped, a repeated id renamed', () => {
    const checked = checkStoredWorkspace(ws({
      scenarios: { version: 1, items: [{ id: 's', name: 'One', text: '{}' }, { id: 'bad', name: 'broken', text: 5 }, { id: 's', name: 'Two', text: '{}' }] },
    }));
    expect(checked.issues.map((i) => [i.path, i.expected, i.item?.name, i.repair])).toEqual([
      ['workspace.scenarios.items[1].text', 'string', 'broken', 'drop'],
      ['workspace.scenarios.items[2].id', 'uniqueId', 'Two', 'fix'],
    ]);
    expect((checked.repaired!.scenarios as { items: { id: string }[] }).items.map((i) => i.id)).toEqual(['s', 's-2']);
  });

  it('names a missing tool list, and repair keeps the hooks and settings', () => {
    const { tools: _t, ...rest } = ws();
    const checked = checkWorkspaceRecord(rec(rest));
    expect(checked.issues).toEqual([{ path: 'workspace.tools', expected: 'list', found: 'missing', repair: 'fix' }]);
    expect(checked.repaired?.workspace).toMatchObject({ tools: [], hooks: '// hooks', settings: { toolExecution: 'sequential' } });
  });

  it('names wrong settings and hooks and resets only those', () => {
    const checked = checkStoredWorkspace(ws({ hooks: 3, settings: { toolExecution: 'both', systemPrompt: 'kept' } }));
    expect(checked.issues.map((i) => `${i.path} ${i.expected} ${i.found}`)).toEqual(['workspace.hooks string 3', 'workspace.settings.toolExecution execution "both"']);
    expect(checked.repaired).toMatchObject({ hooks: '', settings: { toolExecution: 'parallel', systemPrompt: 'kept' } });
  });

  it('has nothing to repair in truncated JSON text, and reads a record stored as complete JSON text', () => {
    const text = JSON.stringify(rec(ws()));
    const truncated = checkWorkspaceRecord(text.slice(0, -10));
    expect(truncated.repaired).toBeNull();
    expect(truncated.issues).toMatchObject([{ path: 'record', expected: 'record', repair: 'fix' }]);
    const whole = checkWorkspaceRecord(text);
    expect(whole.issues).toMatchObject([{ path: 'record', expected: 'record' }]);
    expect(whole.repaired?.workspace.tools).toHaveLength(2);
  });

  it('renders what was found briefly', () => {
    expect(describeFound(undefined)).toBe('missing');
    expect(describeFound([1])).toBe('[…]');
    expect(describeFound(null)).toBe('null');
    expect(describeFound('x'.repeat(60))).toBe(JSON.stringify(`${'x'.repeat(40)}…`));
  });
});
