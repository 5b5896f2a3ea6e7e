// The timeline and its details pane in Chromium, with real recordings of our loop on a virtual clock: what the
// learner sees (stacked runs on one scale, spans cut at the cursor), and what they can do (click, keys, zoom,
// pan, seek, the table alternative, details of each phase).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { flushSync, mount, unmount } from 'svelte';
import axeSource from 'axe-core/axe.min.js?raw';
import { fileTool, largeScenario, recordScenario } from '../../recording/testing/layout-fixtures.ts';
import type { TimelineSelection } from '../../recording/layout/index.ts';
import type { Recording } from '../../recording/index.ts';
import { i18n, loadEnglishArea } from '../i18n/i18n.svelte.ts';
import '../global.css';
import TimelineHost from './testing/TimelineHost.svelte';

type Spy = { select: (TimelineSelection | null)[]; seek: number[]; open: TimelineSelection[] };

const sleeps = (toolExecution: 'parallel' | 'sequential', extra: object = {}) => ({
  prompt: 'Sleep', toolExecution, timing: { tokenSize: 4, tokensPerSecond: 100 },
  turns: [
    { content: [
      { type: 'text', text: 'Two naps.' },
      { type: 'toolCall', id: 'a', name: 'sleep', arguments: { ms: 1000, label: 'A' } },
      { type: 'toolCall', id: 'b', name: 'sleep', arguments: { ms: 1000, label: 'B' } },
    ] },
    { content: 'Rested.' },
  ],
  ...extra,
});

const varied = {
  prompt: 'Go', timing: { tokenSize: 4, tokensPerSecond: 100 },
  turns: [
    { content: [
      { type: 'toolCall', id: 'p', name: 'progress', arguments: { updates: 2, stepMs: 50, lateMs: 20 } },
      { type: 'toolCall', id: 'v', name: 'typed', arguments: { count: 'x', flag: true } },
      { type: 'toolCall', id: 'k', name: 'sleep', arguments: { ms: 30, label: 'K' } },
      { type: 'toolCall', id: 'n', name: 'sleep', arguments: { ms: 60, label: 'N' } },
      { type: 'toolCall', id: 'c', name: 'copy_file', arguments: { from: '/in.txt', to: '/out.txt' } },
    ] },
    { content: 'Done.' },
  ],
};
const variedHooks = {
  beforeToolCall: async ({ toolCall }: { toolCall: { id: string } }) => (toolCall.id === 'k' ? { block: true, reason: 'Not today' } : undefined),
  afterToolCall: async ({ toolCall }: { toolCall: { id: string } }) => (toolCall.id === 'n' ? { details: { checked: true }, isError: false } : undefined),
};

let parallel: Recording;
let sequential: Recording;
let mixed: Recording;
beforeAll(async () => {
  i18n.set('en');
  // The timeline's words come with the panels that show it (a deferred area); mounted alone here, it asks itself.
  await loadEnglishArea('timeline');
  parallel = await recordScenario(sleeps('parallel'), { id: 'par', label: 'parallel' });
  sequential = await recordScenario(sleeps('sequential'), { id: 'seq', label: 'sequential' });
  mixed = await recordScenario(varied, { id: 'mix', label: 'mixed', hooks: variedHooks, tools: (env) => [fileTool(env)] });
});

let app: ReturnType<typeof mount> | undefined;
afterEach(() => {
  if (app) unmount(app);
  app = undefined;
  document.body.textContent = '';
});

function show(recordings: Recording[], options: { cursorMs?: number; selected?: TimelineSelection } = {}): Spy {
  const spy: Spy = { select: [], seek: [], open: [] };
  const target = document.createElement('div');
  document.body.append(target);
  app = mount(TimelineHost, { target, props: { recordings, spy, cursorMs: options.cursorMs, selected: options.selected ?? null } });
  flushSync();
  return spy;
}

const el = (selector: string) => document.querySelector(selector) as HTMLElement | SVGElement | null;
const inRun = (run: string, testid: string) => el(`[data-testid="timeline-run-${run}"] [data-testid="${testid}"]`);
const rect = (node: Element | null) => node!.getBoundingClientRect();
const fillOf = (run: string, testid: string) => rect(inRun(run, testid)!.querySelector('.fill'));
const pxPerMs = () => Number(el('[data-testid="timeline-chart"]')!.getAttribute('data-px-per-ms'));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('Timeline', () => {
  it('stacks runs on one scale with their totals: parallel calls side by side, sequential ones in turn', async () => {
    show([parallel, sequential]);
    await expect.element(page.getByTestId('timeline-total-par')).toHaveTextContent(`parallel — ${parallel.durationMs.toLocaleString('en')} ms`);
    await expect.element(page.getByTestId('timeline-total-seq')).toHaveTextContent(`sequential — ${sequential.durationMs.toLocaleString('en')} ms`);
    expect(sequential.durationMs - parallel.durationMs).toBe(1000);
    const parA = fillOf('par', 'timeline-span-a-execute');
    const parB = fillOf('par', 'timeline-span-b-execute');
    const seqA = fillOf('seq', 'timeline-span-a-execute');
    const seqB = fillOf('seq', 'timeline-span-b-execute');
    expect(Math.abs(parA.left - parB.left)).toBeLessThan(1);
    expect(Math.abs(parA.width - parB.width)).toBeLessThan(1);
    // b's pipeline starts when a's execute ends: its validation chip sits there, its execute right after.
    const seqBValidate = fillOf('seq', 'timeline-span-b-validate');
    expect(Math.abs(seqBValidate.left - seqA.right)).toBeLessThan(1);
    expect(seqB.left).toBeGreaterThan(seqA.right);
    expect(Math.abs(seqA.width - parA.width)).toBeLessThan(1); // one scale: the same 1,000 ms is as wide in both
    expect(inRun('seq', 'timeline-span-b-queued')!.getAttribute('data-phase')).toBe('queued');
  });

  it('draws nothing after the playback cursor and cuts the spans that cross it', async () => {
    const execStart = parallel.events.find((e) => e.source === 'trace' && e.event.type === 'trace_phase_start' && e.event.phase === 'execute')!.t;
    show([parallel], { cursorMs: execStart + 400 });
    const execute = inRun('par', 'timeline-span-a-execute')!;
    expect(execute.getAttribute('data-outcome')).toBe('running');
    expect(inRun('par', 'timeline-span-a-result')).toBeNull();
    const cursor = rect(el('[data-testid="timeline-cursor"]'));
    expect(Math.abs(rect(execute.querySelector('.fill')).right - cursor.left)).toBeLessThan(2);
  });

  it('selects a clicked span, marks it and announces it; the details pane follows', async () => {
    const spy = show([parallel]);
    await page.getByTestId('timeline-span-b-execute').click();
    expect(spy.select.at(-1)).toEqual({ recordingId: 'par', toolCallId: 'b', phase: 'execute' });
    expect(inRun('par', 'timeline-span-b-execute')!.getAttribute('data-selected')).toBe('true');
    await expect.element(page.getByTestId('timeline-announcement')).toHaveTextContent(/parallel: sleep b, execute, from .* ms to .* ms, 1,000 ms, ok/);
    await expect.element(page.getByTestId('span-details')).toHaveAttribute('data-phase', 'execute');
    await page.getByTestId('timeline-lane-a').getByText('sleep', { exact: true }).click();
    expect(spy.select.at(-1)).toEqual({ recordingId: 'par', toolCallId: 'a' });
    await expect.element(page.getByTestId('span-details')).toHaveAttribute('data-kind', 'call');
  });

  it('moves along phases with ←/→, between calls with ↑/↓, opens with Enter and clears with Escape', async () => {
    const spy = show([parallel], { selected: { recordingId: 'par', toolCallId: 'a', phase: 'queued' } });
    (el('[data-testid="timeline-chart"]') as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(spy.select.at(-1)).toEqual({ recordingId: 'par', toolCallId: 'a', phase: 'execute' });
    await userEvent.keyboard('{ArrowDown}');
    expect(spy.select.at(-1)).toEqual({ recordingId: 'par', toolCallId: 'b', phase: 'execute' });
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(spy.select.at(-1)?.toolCallId).toBeUndefined(); // the stream lane above the calls
    expect(typeof spy.select.at(-1)?.seq).toBe('number');
    await userEvent.keyboard('{Enter}');
    expect(spy.open.at(-1)).toEqual(spy.select.at(-1));
    await userEvent.keyboard('{Escape}');
    expect(spy.select.at(-1)).toBeNull();
  });

  it('zooms with the buttons and keys, keeps the time under the pointer on Ctrl+wheel, and fits again', async () => {
    show([parallel]);
    const fit = pxPerMs();
    await expect.element(page.getByTestId('timeline-zoom-out')).toBeDisabled();
    await page.getByTestId('timeline-zoom-in').click();
    expect(pxPerMs()).toBeCloseTo(fit * 1.5, 5);
    await page.getByTestId('timeline-zoom-out').click();
    expect(pxPerMs()).toBeCloseTo(fit, 5);
    (el('[data-testid="timeline-chart"]') as HTMLElement).focus();
    await userEvent.keyboard('++');
    expect(pxPerMs()).toBeCloseTo(fit * 2.25, 5);
    await userEvent.keyboard('0');
    expect(pxPerMs()).toBeCloseTo(fit, 5);

    // The span's end is an exact time (its start gives way to the instant phases' chips), so measure from there.
    const execute = () => fillOf('par', 'timeline-span-a-execute');
    const before = execute();
    const pointerX = Math.round(before.right - 60); // pointer coordinates are whole pixels
    const chart = el('[data-testid="timeline-chart"]')!;
    const wheel = new WheelEvent('wheel', { deltaY: -300, ctrlKey: true, clientX: pointerX, clientY: before.top + 4, bubbles: true, cancelable: true });
    chart.dispatchEvent(wheel);
    expect(wheel.defaultPrevented).toBe(true); // the page itself does not zoom
    flushSync();
    await nextFrame();
    const ratio = pxPerMs() / fit;
    expect(ratio).toBeGreaterThan(1.5);
    // The time under the pointer stays under it: the span end is now the zoom times as far away.
    expect(execute().right - pointerX).toBeCloseTo((before.right - pointerX) * ratio, 0);
    await page.getByTestId('timeline-zoom-fit').click();
    expect(pxPerMs()).toBeCloseTo(fit, 5);
  });

  it('pans when dragged, and seeks when the axis is clicked or dragged', async () => {
    const spy = show([parallel], { cursorMs: 100 });
    await page.getByTestId('timeline-zoom-in').click();
    await page.getByTestId('timeline-zoom-in').click();
    const chart = el('[data-testid="timeline-chart"]') as HTMLElement;
    const box = chart.getBoundingClientRect();
    const start = { x: box.left + 600, y: box.top + 200 };
    const fire = (type: string, x: number, y: number) => chart.querySelector('svg.chart')!.dispatchEvent(
      new PointerEvent(type, { clientX: x, clientY: y, pointerId: 7, button: 0, pointerType: 'mouse', bubbles: true }),
    );
    fire('pointerdown', start.x, start.y);
    fire('pointermove', start.x - 150, start.y);
    fire('pointerup', start.x - 150, start.y);
    flushSync();
    await nextFrame();
    expect(chart.scrollLeft).toBeGreaterThan(140);
    expect(spy.select).toEqual([]); // a drag is not a click

    const axis = chart.querySelector('[data-testid="timeline-axis"] .axis-bg')!;
    const scale = pxPerMs();
    const x = box.left + 300;
    axis.dispatchEvent(new PointerEvent('pointerdown', { clientX: x, clientY: box.top + 10, pointerId: 8, button: 0, pointerType: 'mouse', bubbles: true }));
    axis.dispatchEvent(new PointerEvent('pointermove', { clientX: x + 50, clientY: box.top + 10, pointerId: 8, button: 0, pointerType: 'mouse', bubbles: true }));
    axis.dispatchEvent(new PointerEvent('pointerup', { clientX: x + 50, clientY: box.top + 10, pointerId: 8, button: 0, pointerType: 'mouse', bubbles: true }));
    expect(spy.seek).toHaveLength(2);
    expect(spy.seek[1] - spy.seek[0]).toBeCloseTo(50 / scale, 3);
    flushSync();
    expect(Number(el('[data-testid="timeline-cursor"]')!.getAttribute('data-ms'))).toBeCloseTo(spy.seek[1], 5);
  });

  it('offers a sortable, selectable table with the same selection', async () => {
    const spy = show([parallel, sequential], { selected: { recordingId: 'seq', toolCallId: 'b', phase: 'queued' } });
    await page.getByTestId('timeline-table-toggle').click();
    await expect.element(page.getByTestId('timeline-table')).toBeVisible();
    const selectedRows = () => [...document.querySelectorAll('[data-testid="timeline-table"] tr[aria-selected="true"]')];
    expect(selectedRows().map((r) => r.getAttribute('data-testid'))).toEqual(['timeline-row-b-queued']);
    const durations = () => [...document.querySelectorAll('[data-testid="timeline-table"] tbody tr')]
      .map((row) => Number(row.children[5].textContent!.replace(/,/g, '')));
    const unsorted = durations();
    await page.getByTestId('timeline-sort-duration').click();
    await page.getByTestId('timeline-sort-duration').click();
    await expect.element(page.getByRole('columnheader', { name: 'Duration (ms)' })).toHaveAttribute('aria-sort', 'descending');
    expect(durations()).toEqual([...unsorted].sort((a, b) => b - a));
    expect(durations()[0]).toBe(1000);
    const first = document.querySelector('[data-testid="timeline-table"] tbody tr') as HTMLElement;
    first.click();
    expect(spy.select.at(-1)).toMatchObject({ recordingId: 'par', toolCallId: 'a', phase: 'execute' });
    (selectedRows()[0] as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(spy.open).toHaveLength(1);
    await page.getByTestId('timeline-table-toggle').click();
    expect(el(`[data-testid="timeline-run-${spy.open[0].recordingId}"] [data-selected="true"]`)).not.toBeNull();
  });
});

describe('Timeline at scale and for everyone', () => {
  it('zooms with a two-finger pinch around its middle', async () => {
    show([parallel]);
    const fit = pxPerMs();
    const svg = el('[data-testid="timeline-chart"] svg.chart')!;
    const box = rect(svg);
    const touch = (type: string, id: number, x: number) => svg.dispatchEvent(new PointerEvent(type, {
      clientX: x, clientY: box.top + 150, pointerId: id, pointerType: 'touch', bubbles: true,
    }));
    touch('pointerdown', 11, box.left + 500);
    touch('pointerdown', 12, box.left + 600);
    touch('pointermove', 12, box.left + 700); // the fingers move apart: twice the distance
    touch('pointerup', 11, box.left + 500);
    touch('pointerup', 12, box.left + 700);
    flushSync();
    expect(pxPerMs()).toBeCloseTo(fit * 2, 5);
  });

  it('draws a 10,000-event run by what is in view: a few hundred elements, every lane reachable by scrolling', async () => {
    const large = await recordScenario(largeScenario(46, 10), { id: 'large', label: 'parallel' });
    expect(large.events.length).toBeGreaterThan(10_000);
    show([large]);
    await expect.element(page.getByTestId('timeline-total-large')).toBeVisible();
    const chart = el('[data-testid="timeline-chart"]') as HTMLElement;
    expect(chart.querySelectorAll('svg *').length).toBeLessThan(1500);
    expect(el('[data-testid="timeline-lane-t46c10"]')).toBeNull();
    chart.scrollTop = chart.scrollHeight;
    await nextFrame();
    flushSync();
    await expect.element(page.getByTestId('timeline-lane-t46c10')).toBeInTheDocument();
    expect(el('[data-testid="timeline-lane-t1c1"]')).toBeNull();
    // The dashed turn lines are cut to the drawing, a dash period (7 px) at most above it: over a whole long run
    // (100,000 events: 120,000 px of lanes) Chromium would stop dashing them and draw them solid.
    const height = Number(chart.querySelector('svg.chart')!.getAttribute('height'));
    const lines = [...chart.querySelector('.turn-line')!.getAttribute('d')!.matchAll(/M[\d.]+ (-?[\d.]+)v([\d.]+)/g)];
    expect(lines.length).toBeGreaterThan(10);
    for (const [, top, length] of lines) {
      expect(Number(top)).toBeGreaterThan(-7);
      expect(Number(top) + Number(length)).toBeLessThanOrEqual(height);
    }
  });

  it('has no serious accessibility violations in the chart and the table, in light and dark themes', async () => {
    if (!(window as { axe?: unknown }).axe) {
      const script = document.createElement('script');
      script.textContent = axeSource;
      document.head.append(script);
    }
    const axe = (window as unknown as { axe: { run(context: Element): Promise<{ violations: { id: string; impact?: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const serious = async () => (await axe.run(document.body)).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    show([mixed], { selected: { recordingId: 'mix', toolCallId: 'v', phase: 'validate' } });
    for (const theme of ['light', 'dark']) {
      document.documentElement.dataset.theme = theme;
      expect(await serious(), theme).toEqual([]);
      await page.getByTestId('timeline-table-toggle').click();
      expect(await serious(), `${theme} table`).toEqual([]);
      await page.getByTestId('timeline-table-toggle').click();
    }
    document.documentElement.dataset.theme = 'light';
  });
});

describe('SpanDetails', () => {
  const open = (selection: Omit<TimelineSelection, 'recordingId'>) => show([mixed], { selected: { recordingId: 'mix', ...selection } });
  const details = () => page.getByTestId('span-details');

  it('shows each validation error at its path in the arguments, with pi\'s message', async () => {
    open({ toolCallId: 'v', phase: 'validate' });
    await expect.element(details()).toHaveAttribute('data-phase', 'validate');
    const received = el('[data-testid="span-details-received"]')!;
    const hit = [...received.querySelectorAll('.line.hit')].map((line) => line.textContent);
    expect(hit).toEqual(['  "name": missing', '  "count": "x",  ← must be integer']);
    await expect.element(page.getByTestId('span-details-issues')).toHaveTextContent('name: must have required properties name');
    await expect.element(page.getByTestId('span-details-error')).toHaveTextContent('Validation failed for tool "typed"');
  });

  it('shows the hook\'s decision when beforeToolCall blocks, and the fields afterToolCall replaced', async () => {
    open({ toolCallId: 'k', phase: 'beforeToolCall' });
    await expect.element(page.getByTestId('span-details-verdict')).toHaveTextContent('Blocked: “Not today” becomes the error result.');
    await expect.element(page.getByTestId('span-details-decision')).toHaveTextContent('{ "block": true, "reason": "Not today" }');
    if (app) unmount(app);
    document.body.textContent = '';
    open({ toolCallId: 'n', phase: 'afterToolCall' });
    await expect.element(page.getByTestId('span-details-replaced')).toHaveTextContent('Replaced fields: details, isError');
  });

  it('lists execute\'s updates, the late one marked as ignored, and the message the model gets back', async () => {
    open({ toolCallId: 'p', phase: 'execute' });
    const updates = page.getByTestId('span-details-updates');
    await expect.element(updates).toHaveTextContent('onUpdate calls (3)');
    expect(el('[data-testid="span-details-updates"]')!.querySelectorAll('li.ignored')).toHaveLength(1);
    if (app) unmount(app);
    document.body.textContent = '';
    open({ toolCallId: 'p', phase: 'result' });
    await expect.element(page.getByTestId('span-details-message')).toHaveTextContent('"role": "toolResult"');
    await expect.element(page.getByTestId('span-details-facts')).toHaveTextContent('isErrorfalse');
  });

  it('shows the argument JSON of a tool-call block as it streamed', async () => {
    const block = mixed.events.find((e) => e.source === 'trace' && e.event.type === 'trace_block_start' && e.event.toolCallId === 'c')!;
    open({ seq: block.seq });
    await expect.element(page.getByTestId('span-details-streamed')).toHaveTextContent('{"from":"/in.txt","to":"/out.txt"}');
    await expect.element(page.getByTestId('span-details-parsed')).toHaveTextContent('{ "from": "/in.txt", "to": "/out.txt" }');
  });
});
