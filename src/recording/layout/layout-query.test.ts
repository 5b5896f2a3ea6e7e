// What the timeline views derive from a layout: spans at a playback position, arrow-key moves, the table rows and
// the pixel placement of instant phases.
import { beforeAll, describe, expect, it } from 'vitest';
import { axisTicks, placeSpans, thinMarks, tickStep } from './layout-geometry.ts';
import { recordScenario } from '../testing/layout-fixtures.ts';
import { layoutRecordings } from './layout.ts';
import { moveSelection, navigationLanes, resolveSelection, spanRows, type NavLane } from './layout-query.ts';
import type { TimelineLayout, TimelineSelection } from './layout-types.ts';

let layout: TimelineLayout;
beforeAll(async () => {
  const file = {
    prompt: 'Sleep', timing: { tokenSize: 4, tokensPerSecond: 100 },
    turns: [
      { content: [{ type: 'text', text: 'Two naps.' }, { type: 'toolCall', id: 'a', name: 'sleep', arguments: { ms: 200, label: 'A' } }, { type: 'toolCall', id: 'b', name: 'sleep', arguments: { ms: 100, label: 'B' } }] },
      { content: 'Rested.' },
    ],
  };
  layout = layoutRecordings([await recordScenario(file, { id: 'r' })]);
});

const describeSel = (s: TimelineSelection | null) => (s ? `${s.toolCallId ?? 'stream'}:${s.phase ?? s.seq}` : 'none');

describe('playback position', () => {
  it('lists only what has started by the cursor, cutting spans that cross it', () => {
    // Turn 1 streams for 150 ms; both calls start executing at 150.
    expect(spanRows(layout, 200).map((r) => `${r.callLabel ?? 'stream'} ${r.phase} ${r.startMs}-${r.endMs} ${r.outcome ?? 'running'}`)).toEqual([
      'stream text 0-30 ok', 'stream toolCall 30-90 ok', 'stream toolCall 90-150 ok',
      'sleep a queued 150-150 ok', 'sleep a validate 150-150 ok', 'sleep a execute 150-200 running',
      'sleep b queued 150-150 ok', 'sleep b validate 150-150 ok', 'sleep b execute 150-200 running',
    ]);
    expect(spanRows(layout, 0).map((r) => r.phase)).toEqual(['text']);
    expect(spanRows(layout, 10_000).filter((r) => r.outcome === undefined)).toEqual([]);
  });
});

describe('keyboard navigation', () => {
  let lanes: NavLane[];
  beforeAll(() => { lanes = navigationLanes(layout, Infinity); });

  it('starts at the first item and walks a call\'s phases left and right, stopping at the ends', () => {
    let s = moveSelection(lanes, null, 'right');
    expect(describeSel(s)).toMatch(/^stream:\d+$/);
    s = { recordingId: 'r', toolCallId: 'a', phase: 'queued' };
    const seen = [describeSel(s)];
    for (let i = 0; i < 4; i++) { s = moveSelection(lanes, s, 'right'); seen.push(describeSel(s)); }
    expect(seen).toEqual(['a:queued', 'a:validate', 'a:execute', 'a:result', 'a:result']);
    expect(describeSel(moveSelection(lanes, { recordingId: 'r', toolCallId: 'a', phase: 'queued' }, 'left'))).toBe('a:queued');
  });

  it('moves between calls keeping the phase, and from the stream to the first call by time', () => {
    expect(describeSel(moveSelection(lanes, { recordingId: 'r', toolCallId: 'a', phase: 'execute' }, 'down'))).toBe('b:execute');
    expect(describeSel(moveSelection(lanes, { recordingId: 'r', toolCallId: 'b', phase: 'execute' }, 'down'))).toBe('b:execute');
    const [, , callB, reply] = lanes[0].items.map((i) => i.selection); // text, call a, call b, then turn 2's reply
    expect(describeSel(moveSelection(lanes, callB, 'down'))).toBe('a:queued');
    expect(describeSel(moveSelection(lanes, reply, 'down'))).toBe('a:result');
    expect(moveSelection(lanes, { recordingId: 'r', toolCallId: 'a', phase: 'queued' }, 'up')?.seq).toBe(callB.seq);
    expect(describeSel(moveSelection(lanes, { recordingId: 'r', toolCallId: 'a' }, 'right'))).toBe('a:validate');
  });

  it('skips what is not drawn yet and resolves selections to their spans', () => {
    const early = navigationLanes(layout, 100);
    expect(early.map((l) => l.laneKey)).toEqual([null]);
    expect(moveSelection([], null, 'down')).toBeNull();
    const resolved = resolveSelection(layout, { recordingId: 'r', toolCallId: 'b', phase: 'execute' });
    expect(resolved.lane?.label).toBe('sleep b');
    expect(resolved.span).toMatchObject({ phase: 'execute', startMs: 150, endMs: 250, outcome: 'ok' });
    expect(resolveSelection(layout, { recordingId: 'gone' })).toEqual({});
  });
});

describe('geometry', () => {
  it('picks round tick steps at least the given distance apart', () => {
    expect(tickStep(0.25, 80)).toBe(500);
    expect(tickStep(1, 80)).toBe(100);
    expect(tickStep(30, 80)).toBe(5);
    expect(tickStep(300, 80)).toBe(0.5);
    expect(axisTicks(0, 2100, 500)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(axisTicks(0.1, 0.35, 0.1)).toEqual([0.1, 0.2, 0.3]);
  });

  it('draws instant phases as chips in order and takes their room from the start of the next span', () => {
    const spans = [
      { phase: 'queued', startMs: 100, endMs: 100 }, { phase: 'validate', startMs: 100, endMs: 100 },
      { phase: 'execute', startMs: 100, endMs: 2100 }, { phase: 'result', startMs: 2100, endMs: 2100 },
    ];
    const placed = placeSpans(spans, { pxPerMs: 0.25, offsetPx: 10 }, Infinity, 6);
    expect(placed.map((p) => `${p.item.phase} ${p.x}+${p.width}`)).toEqual([
      'queued 35+6', 'validate 41+6', 'execute 47+488', 'result 535+6',
    ]);
    const atCursor = placeSpans(spans, { pxPerMs: 0.25, offsetPx: 10 }, 1100, 6);
    expect(atCursor.map((p) => `${p.item.phase} ${p.x}+${p.width}${p.cut ? ' cut' : ''}`)).toEqual([
      'queued 35+6', 'validate 41+6', 'execute 47+238 cut',
    ]);
  });

  it('thins dense marks to one per pixel inside the view', () => {
    const ms = Array.from({ length: 1000 }, (_, i) => i);
    const thinned = thinMarks(ms, { pxPerMs: 0.1, offsetPx: 0 }, Infinity, 0, 1000);
    expect(thinned).toHaveLength(101); // x 0 … 99.9 rounds to the 101 pixels 0 … 100
    expect(new Set(thinned).size).toBe(thinned.length);
    expect(thinMarks(ms, { pxPerMs: 2, offsetPx: 0 }, Infinity, 100, 400)).toHaveLength(151); // 50 … 200 ms
    expect(thinMarks(ms, { pxPerMs: 2, offsetPx: 0 }, 120, 100, 400)).toHaveLength(71); // 50 … 120 ms, the cursor
  });
});
