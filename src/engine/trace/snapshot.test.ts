// Trace snapshots: what the details pane shows must not change when user code mutates or holds odd values.
import { describe, expect, it } from 'vitest';
import { checkTrace } from '../../recording/index.ts';
import { sameData, snapshot } from './snapshot.ts';
import type { TraceEvent } from './types.ts';

describe('snapshot', () => {
  it('copies plain data deeply, keeping key order', () => {
    const value = { b: 1, a: [1, { c: 'x' }], n: null, u: undefined };
    const copy = snapshot(value) as typeof value;
    expect(copy).toEqual(value);
    expect(Object.keys(copy)).toEqual(['b', 'a', 'n', 'u']);
    (value.a[1] as { c: string }).c = 'changed';
    expect((copy.a[1] as { c: string }).c).toBe('x');
  });

  it('describes what cannot be cloned instead of throwing', () => {
    function execute() {}
    const copy = snapshot({ fn: execute, promise: Promise.resolve(1), sym: Symbol('s'), date: new Date(0), map: new Map([[1, 2]]) }) as Record<string, unknown>;
    expect(copy.fn).toBe('[Function execute]');
    expect(copy.promise).toBe('[Promise]');
    expect(copy.sym).toBe('[Symbol(s)]');
    expect(copy.date).toEqual(new Date(0));
    expect(copy.map).toEqual(new Map([[1, 2]]));
  });

  it('survives cycles, fan-out cycles and throwing getters', () => {
    const cyclic: Record<string, unknown> = { name: 'root' };
    cyclic.self = cyclic;
    for (let i = 0; i < 10; i++) cyclic[`k${i}`] = cyclic;
    const copy = snapshot(cyclic) as Record<string, any>;
    expect(copy.name).toBe('root');
    expect(JSON.stringify(copy)).toContain('[Circular]');
    const hostile = { get boom(): never { throw new Error('no'); } };
    expect(snapshot(hostile)).toBe('[Unreadable]');
    expect(snapshot({ ok: 1 })).toEqual({ ok: 1 }); // the walk state was reset
  });

  it('compares plain data exactly, key order included', () => {
    expect(sameData({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 2 }] })).toBe(true);
    expect(sameData({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData(new Date(0), new Date(0))).toBe(false); // not plain data: never shared
  });
});

describe('checkTrace', () => {
  const phase = (type: 'trace_phase_start' | 'trace_phase_end', t: number, p: string, extra = {}) =>
    ({ type, t, turn: 1, toolCallId: 'c1', toolName: 'x', phase: p, ...extra }) as TraceEvent;

  it('reports spans left open, phases out of order and time going back', () => {
    const trace: TraceEvent[] = [
      { type: 'trace_run_start', t: 0, mode: 'parallel' },
      { type: 'trace_turn_start', t: 0, turn: 1 },
      { type: 'trace_batch_start', t: 0, turn: 1, mode: 'parallel', toolCallIds: ['c1'] },
      phase('trace_phase_start', 0, 'execute'),
      phase('trace_phase_end', 1, 'execute', { outcome: 'ok' }),
      phase('trace_phase_start', 2, 'validate'),
      { type: 'trace_batch_end', t: 1, turn: 1, terminate: false },
    ];
    expect(checkTrace(trace)).toEqual([
      '#5 trace_phase_start: c1 validate after execute',
      '#6 trace_batch_end: time went back from 2 to 1',
      '#6 trace_batch_end: c1 still in validate',
      'run never ended',
      'turn 1 never ended',
    ]);
  });
});
