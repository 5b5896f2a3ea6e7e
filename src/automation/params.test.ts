// URL parameters of the automation contract: what a demo link says is what the app is asked to do, and a bad
// value becomes a readable problem instead of an error (the rest of the link still applies).
import { describe, expect, it } from 'vitest';
import { callsAtCursor, phaseByCall } from './calls.ts';
import { parseAutomationParams, parseLayout, parseStep } from './params.ts';
import { formatLayout } from '../state/shell/pane-layout.ts';
import type { RecordedEvent } from '../recording/index.ts';

describe('automation URL parameters', () => {
  it('reads a full demo link', () => {
    const { params, problems } = parseAutomationParams('?lesson=hooks&autoplay=1&speed=2&step=12&theme=dark&lang=zh-CN&panel=timeline&layout=editor:40,views:60');
    expect(problems).toEqual([]);
    expect(params).toEqual({
      lesson: 'hooks', autoplay: true, speed: 2, step: { kind: 'events', count: 12 }, theme: 'dark', lang: 'zh-CN', panel: 'timeline',
      layout: { editor: 40, views: 60 },
    });
  });

  it('reads a scenario, a phase target, compare and focus', () => {
    const { params, problems } = parseAutomationParams('scenario=Parallel%20vs%20sequential&step=phase:fetch:execute&compare=1&focus=timeline');
    expect(problems).toEqual([]);
    expect(params).toMatchObject({ scenario: 'Parallel vs sequential', step: { kind: 'phase', callId: 'fetch', phase: 'execute' }, compare: true, focus: 'timeline', autoplay: false });
  });

  it('keeps call ids that contain colons (providers write toolu_…:1) and accepts "done" as a phase', () => {
    expect(parseStep('phase:call:1:done')).toEqual({ ok: true, step: { kind: 'phase', callId: 'call:1', phase: 'done' } });
  });

  it('reports each bad value with the reason, and applies the good ones', () => {
    const { params, problems } = parseAutomationParams('?speed=3&theme=blue&lang=fr&step=phase:x:run&autoplay=maybe&layout=editor:0&panel=events');
    expect(params.panel).toBe('events');
    expect(params.speed).toBeUndefined();
    expect(problems.map((p) => p.param)).toEqual(['autoplay', 'speed', 'step', 'theme', 'lang', 'layout']);
    expect(problems.find((p) => p.param === 'speed')?.reason).toBe('expected one of 0.25, 0.5, 1, 2, 4, 8');
    expect(problems.find((p) => p.param === 'step')?.reason).toContain('unknown phase "run"');
  });

  it('accepts speeds written as 2x and 0.25', () => {
    expect(parseAutomationParams('speed=2x').params.speed).toBe(2);
    expect(parseAutomationParams('speed=0.25').params.speed).toBe(0.25);
  });

  it('says a scenario next to a lesson and a layout next to a focus are ignored', () => {
    const { params, problems } = parseAutomationParams('lesson=hooks&scenario=abort&focus=timeline&layout=views:100');
    expect(params.scenario).toBeUndefined();
    expect(params.layout).toBeUndefined();
    expect(problems.map((p) => `${p.param}: ${p.reason}`)).toEqual([
      'scenario: ignored: a lesson plays its own scenario',
      'layout: ignored: focus shows one panel alone',
    ]);
  });
});

describe('pane layouts', () => {
  it('normalises weights to percentages and writes them back in pane order', () => {
    const parsed = parseLayout('views:3, sidebar:1');
    expect(parsed).toEqual({ ok: true, layout: { sidebar: 25, views: 75 }, adjusted: [] });
    expect(formatLayout(parsed.ok ? parsed.layout : {})).toBe('sidebar:25,views:75');
  });

  it('keeps every pane shown at least a ninth of the widest, and says so, however huge the weights', () => {
    expect(parseLayout('editor:1e308,views:1e308')).toEqual({ ok: true, layout: { editor: 50, views: 50 }, adjusted: [] });
    const parsed = parseLayout('editor:1e308,views:1');
    expect(parsed).toMatchObject({ ok: true, layout: { editor: 90, views: 10 } });
    expect(parsed.ok && parsed.adjusted).toEqual([expect.stringContaining('the size of "views" (1) is too small')]);
    expect(parseAutomationParams('?layout=editor:1e308,views:1').problems).toEqual([expect.objectContaining({ param: 'layout', reason: expect.stringContaining('"views"') })]);
  });

  it('refuses unknown panes, missing sizes and repeats', () => {
    expect(parseLayout('timeline:50')).toMatchObject({ ok: false, reason: expect.stringContaining('unknown pane "timeline"') });
    expect(parseLayout('editor')).toMatchObject({ ok: false, reason: expect.stringContaining('positive number') });
    expect(parseLayout('editor:1,editor:2')).toMatchObject({ ok: false, reason: expect.stringContaining('twice') });
    expect(parseLayout('')).toMatchObject({ ok: false });
  });
});

describe('calls at the cursor', () => {
  const phase = (seq: number, toolCallId: string, type: 'trace_phase_start' | 'trace_phase_end', p: string): RecordedEvent =>
    ({ seq, t: seq * 10, source: 'trace', event: { type, t: seq * 10, turn: 1, toolCallId, toolName: `tool_${toolCallId}`, phase: p, ...(type === 'trace_phase_end' ? { outcome: 'ok' } : {}) } }) as RecordedEvent;
  const events = [
    phase(0, 'a', 'trace_phase_start', 'validate'),
    phase(1, 'a', 'trace_phase_end', 'validate'),
    phase(2, 'b', 'trace_phase_start', 'queued'),
    phase(3, 'a', 'trace_phase_start', 'result'),
    phase(4, 'a', 'trace_phase_end', 'result'),
  ];

  it('lists every call of the recording, pending until its first phase is shown', () => {
    expect(callsAtCursor(events, 0)).toEqual([
      { id: 'a', toolName: 'tool_a', phase: 'pending' },
      { id: 'b', toolName: 'tool_b', phase: 'pending' },
    ]);
  });

  it('keeps an ended phase current until the next starts, and says done after the result', () => {
    expect(phaseByCall(events, 2)).toEqual({ a: 'validate', b: 'pending' });
    expect(phaseByCall(events, 4)).toEqual({ a: 'result', b: 'queued' });
    expect(phaseByCall(events, 5)).toEqual({ a: 'done', b: 'queued' });
  });
});
