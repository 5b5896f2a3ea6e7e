import { describe, expect, it } from 'vitest';
import { uniqueById, uniqueScenarioIds } from './unique-ids.ts';

describe('unique ids in keyed lists', () => {
  it('renames repeats to the first free id-N, keeping the first and the order', () => {
    const { items, changes } = uniqueById([{ id: 'a' }, { id: 'a' }, { id: 'a-2' }, { id: 'a' }], 'rename');
    expect(items.map((i) => i.id)).toEqual(['a', 'a-3', 'a-2', 'a-4']);
    expect(changes).toEqual([{ from: 'a', to: 'a-3', name: 'a' }, { from: 'a', to: 'a-4', name: 'a' }]);
  });

  it('drops repeats when the id names stored data', () => {
    const { items, changes } = uniqueById([{ id: 'x', n: 'one' }, { id: 'x', n: 'two' }], 'drop', (i) => i.n);
    expect(items).toEqual([{ id: 'x', n: 'one' }]);
    expect(changes).toEqual([{ from: 'x', to: null, name: 'two' }]);
  });

  it('renames repeated scenario ids of a workspace and leaves one without repeats as it is', () => {
    const workspace = { tools: [], scenarios: { version: 1, items: [{ id: 's', name: 'One', text: '' }, { id: 's', name: 'Two', text: '' }] } };
    const out = uniqueScenarioIds(workspace);
    expect(out.workspace.scenarios.items.map((i) => i.id)).toEqual(['s', 's-2']);
    expect(out.changes).toEqual([{ from: 's', to: 's-2', name: 'Two' }]);
    const clean = { tools: [] };
    expect(uniqueScenarioIds(clean).workspace).toBe(clean);
  });
});
