// The URL parameters a demo link or a Playwright script opens the app with (`?lesson=hooks&autoplay=1&speed=2`),
// parsed into one typed value. Bad values never throw: each becomes a problem, reported in the automation state,
// and the rest of the parameters still apply. docs/automation.md is the reference.
import type { ToolPhase } from '../engine/index.ts';
import { PANES, type PaneId, type PaneLayout } from '../state/shell/pane-layout.ts';
import { unknownPhase } from './targets.ts';
import { CALL_PHASES } from '../state/run/cursor.ts';
import { SPEEDS } from '../state/run/types.ts';

/** `step=12` shows 12 events; `step=phase:fetch:execute` goes to the start of call `fetch`'s execute phase. */
export type StepTarget = { kind: 'events'; count: number } | { kind: 'phase'; callId: string; phase: ToolPhase | 'done' };

export interface AutomationParams {
  lesson?: string;
  scenario?: string;
  autoplay: boolean;
  speed?: number;
  step?: StepTarget;
  theme?: 'light' | 'dark';
  lang?: string;
  panel?: string;
  layout?: PaneLayout;
  /** A panel shown alone, the tool list and the editor hidden (recordings, talks). */
  focus?: string;
  compare?: boolean;
}

/** A parameter that was not understood, and why (English: it is read by script authors in the console and state). */
export interface ParamProblem { param: string; value: string; reason: string }

export interface ParsedParams { params: AutomationParams; problems: ParamProblem[] }

/** Every parameter this module reads (others, such as a share link's `#…`, are left alone). */
export const AUTOMATION_PARAMS = ['lesson', 'scenario', 'autoplay', 'speed', 'step', 'theme', 'lang', 'panel', 'layout', 'focus', 'compare'] as const;

function flag(value: string): boolean | null {
  if (['1', 'true', 'yes', 'on', ''].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  return null;
}

/** A pane shown is at least this fraction of the widest one: `editor:1e308,views:1` must not collapse views. */
const SMALLEST_SHARE = 1 / 9;

/**
 * `editor:40,views:60` → { editor: 40, views: 60 }; weights are normalised to percentages. A weight far smaller
 * than the largest is raised to a ninth of it, and `adjusted` says so (the caller reports it as a problem).
 */
export function parseLayout(text: string): { ok: true; layout: PaneLayout; adjusted: string[] } | { ok: false; reason: string } {
  const layout: PaneLayout = {};
  const parts = text.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) return { ok: false, reason: 'expected pane:size pairs such as editor:40,views:60' };
  for (const part of parts) {
    const [name, size, ...rest] = part.split(':');
    if (!(PANES as readonly string[]).includes(name)) return { ok: false, reason: `unknown pane "${name}" (panes: ${PANES.join(', ')})` };
    const weight = size === undefined || size === '' ? NaN : Number(size);
    if (rest.length > 0 || !Number.isFinite(weight) || weight <= 0) return { ok: false, reason: `the size of "${name}" must be a positive number` };
    if (name in layout) return { ok: false, reason: `"${name}" is given twice` };
    layout[name as PaneId] = weight;
  }
  // Scale by the largest first, so that huge weights (1e308 + 1e308) cannot add up to Infinity.
  const largest = Math.max(...Object.values(layout));
  const adjusted: string[] = [];
  for (const pane of PANES) {
    const weight = layout[pane];
    if (weight === undefined) continue;
    const share = weight / largest;
    if (share < SMALLEST_SHARE) adjusted.push(`the size of "${pane}" (${weight}) is too small beside the largest (${largest}); shown at a ninth of it`);
    layout[pane] = Math.max(share, SMALLEST_SHARE);
  }
  const total = Object.values(layout).reduce((sum, weight) => sum + weight, 0);
  for (const pane of PANES) if (layout[pane] !== undefined) layout[pane] = Math.round((layout[pane]! / total) * 1000) / 10;
  return { ok: true, layout, adjusted };
}

export function parseStep(text: string): { ok: true; step: StepTarget } | { ok: false; reason: string } {
  if (/^\d+$/.test(text)) return { ok: true, step: { kind: 'events', count: Number(text) } };
  const match = /^phase:(.+):([A-Za-z]+)$/.exec(text);
  if (!match) return { ok: false, reason: 'expected a number of events, or phase:<callId>:<phase>' };
  const problem = unknownPhase(match[2], CALL_PHASES);
  if (problem) return { ok: false, reason: problem };
  return { ok: true, step: { kind: 'phase', callId: match[1], phase: match[2] as ToolPhase | 'done' } };
}

/** Reads the automation parameters of a query string (`location.search`, with or without the `?`). */
export function parseAutomationParams(search: string | URLSearchParams): ParsedParams {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const params: AutomationParams = { autoplay: false };
  const problems: ParamProblem[] = [];
  const problem = (param: string, value: string, reason: string) => problems.push({ param, value, reason });
  const read = (name: string): string | null => {
    const value = query.get(name);
    return value === null ? null : value.trim();
  };

  const lesson = read('lesson');
  const scenario = read('scenario');
  if (lesson) params.lesson = lesson;
  if (scenario) {
    if (lesson) problem('scenario', scenario, 'ignored: a lesson plays its own scenario');
    else params.scenario = scenario;
  }
  for (const name of ['autoplay', 'compare'] as const) {
    const value = read(name);
    if (value === null) continue;
    const on = flag(value);
    if (on === null) problem(name, value, 'expected 1 or 0');
    else if (name === 'autoplay') params.autoplay = on;
    else params.compare = on;
  }
  const speed = read('speed');
  if (speed !== null) {
    const value = Number(speed.replace(/x$/i, ''));
    if ((SPEEDS as readonly number[]).includes(value)) params.speed = value;
    else problem('speed', speed, `expected one of ${SPEEDS.join(', ')}`);
  }
  const step = read('step');
  if (step !== null) {
    const parsed = parseStep(step);
    if (parsed.ok) params.step = parsed.step;
    else problem('step', step, parsed.reason);
  }
  const theme = read('theme');
  if (theme !== null) {
    if (theme === 'light' || theme === 'dark') params.theme = theme;
    else problem('theme', theme, 'expected light or dark');
  }
  const lang = read('lang');
  if (lang !== null) {
    if (lang === 'en' || lang === 'zh-CN') params.lang = lang;
    else problem('lang', lang, 'expected en or zh-CN');
  }
  const panel = read('panel');
  if (panel) params.panel = panel;
  const focus = read('focus');
  if (focus) params.focus = focus;
  const layout = read('layout');
  if (layout !== null) {
    const parsed = parseLayout(layout);
    if (!parsed.ok) problem('layout', layout, parsed.reason);
    else if (focus) problem('layout', layout, 'ignored: focus shows one panel alone');
    else {
      params.layout = parsed.layout;
      for (const reason of parsed.adjusted) problem('layout', layout, reason);
    }
  }
  return { params, problems };
}
