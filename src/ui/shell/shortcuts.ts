// The app's keyboard shortcuts: the table the `?` overlay lists, and the window-level handler that performs them.
// Keys typed into a text field or an editor are never taken, nor keys a focused widget uses itself (the timeline
// chart's arrows, a tab list's arrows, Space on a button), nor anything while a modal dialog is open.
import type { AutomationController } from '../../automation/index.ts';

/** One line of the overlay: alternative chords (each a list of keys) and what they do (a message key). */
export interface ShortcutRow { chords: string[][]; action: string; params?: Record<string, string> }
export interface ShortcutGroup { id: string; title: string; rows: ShortcutRow[] }

/** Key names shown on the key caps; `Space` is translated, the rest are written the same in every language. */
export const SPACE = 'Space';

export const PLAYBACK_SHORTCUTS: ShortcutRow[] = [
  { chords: [[SPACE]], action: 'automation.keys.playPause' },
  { chords: [['→']], action: 'automation.keys.step' },
  { chords: [['←']], action: 'automation.keys.stepBack' },
  { chords: [['Shift', '→']], action: 'automation.keys.stepPhase' },
  { chords: [['Home'], ['End']], action: 'automation.keys.startEnd' },
  { chords: [['['], [']']], action: 'automation.keys.speed' },
  { chords: [['R']], action: 'automation.keys.restart' },
  { chords: [['C']], action: 'automation.keys.compare' },
  { chords: [['N'], ['P']], action: 'automation.keys.captions' },
];

export const GENERAL_SHORTCUTS: ShortcutRow[] = [
  { chords: [['?']], action: 'automation.keys.help' },
  { chords: [['Esc']], action: 'automation.keys.escape' },
  { chords: [['Ctrl', 'Z']], action: 'automation.keys.undo' },
  { chords: [['Ctrl', 'Shift', 'Z'], ['Ctrl', 'Y']], action: 'automation.keys.redo' },
  { chords: [['Ctrl', 'Enter']], action: 'automation.keys.tryIt' },
  { chords: [['Ctrl', 'S']], action: 'automation.keys.saveFile' },
];

/** The timeline chart's own keys, while it has the focus (src/ui/timeline/Timeline.svelte handles them). */
export const TIMELINE_SHORTCUTS: ShortcutRow[] = [
  { chords: [['←'], ['→']], action: 'automation.keys.chartPhases' },
  { chords: [['↑'], ['↓']], action: 'automation.keys.chartCalls' },
  { chords: [['Enter']], action: 'automation.keys.chartDetails' },
  { chords: [['+'], ['−']], action: 'automation.keys.chartZoom' },
  { chords: [['0']], action: 'automation.keys.chartFit' },
  { chords: [['Esc']], action: 'automation.keys.chartClear' },
];

/** Digits 1–9 open the panels in tab order; `\` shows the views pane alone (and back). */
export function panelShortcuts(panels: readonly { id: string; title: string }[]): ShortcutRow[] {
  return [
    ...panels.slice(0, 9).map((panel, index) => ({ chords: [[String(index + 1)]], action: 'automation.keys.panel', params: { panel: panel.title } })),
    { chords: [['\\']], action: 'automation.keys.viewsOnly' },
  ];
}

/** Where typed keys are text: fields, editors (a shadow host is the CodeMirror editor), content editables. */
function typingInto(el: HTMLElement | null): boolean {
  if (!el || typeof el.tagName !== 'string') return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || !!el.shadowRoot;
}

/** Widgets whose arrows, Home/End or Space already mean something (WAI-ARIA keyboard models). */
const OWN_KEYS = '[role="application"], [role="tablist"], [role="radiogroup"], [role="tree"], [role="grid"], [role="listbox"], [role="menu"], [role="slider"]';

function ownsMovementKeys(el: HTMLElement | null): boolean {
  if (!el || typeof el.closest !== 'function') return false;
  if (el.closest(OWN_KEYS)) return true;
  // A focused scroll box (a long JSON value, the span details) scrolls with the arrows.
  return el !== document.body && el.tabIndex >= 0 && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
}

const MOVEMENT = new Set([' ', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * Performs the shortcut `event` stands for; true (and the default prevented) when it was one. `panelIds` are the
 * panels in tab order.
 */
export function handleShortcut(event: KeyboardEvent, controller: AutomationController, panelIds: readonly string[]): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (typingInto(target) || document.querySelector('dialog[open]')) return false;
  const { app, presentation } = controller;
  const { run, lessons } = app;
  const key = event.key;
  if (MOVEMENT.has(key) && ownsMovementKeys(target)) return false;
  // Space presses a focused button, link or checkbox; only elsewhere is it play/pause.
  if (key === ' ' && target?.closest?.('button, summary, a[href], [role="button"], [role="checkbox"], [role="switch"]')) return false;
  const once = !event.repeat;
  let handled = true;
  if (key === '?' && once) presentation.openShortcuts();
  else if (/^[1-9]$/.test(key) && once && panelIds[Number(key) - 1]) void controller.setPanel(panelIds[Number(key) - 1]);
  else if (key === '\\' && once) presentation.toggleViewsOnly();
  else if (key === ' ' && once) run.toggle();
  else if (key === 'ArrowRight' && event.shiftKey) void run.stepPhase();
  else if (key === 'ArrowRight') void run.step();
  else if (key === 'ArrowLeft' && !event.shiftKey) void controller.stepBack();
  else if (key === 'Home' && run.recordings.length > 0) void controller.seek(0);
  else if (key === 'End' && run.recordings.length > 0) void controller.seek(run.durationMs);
  else if (key === '[') run.nudgeSpeed(-1);
  else if (key === ']') run.nudgeSpeed(1);
  // As the transport's Restart button (the lesson page has its own Record again).
  else if ((key === 'r' || key === 'R') && !event.shiftKey && once) void run.restart();
  else if ((key === 'c' || key === 'C') && !event.shiftKey && once) void controller.setCompare(!run.compare);
  else if ((key === 'n' || key === 'N') && lessons.active && lessons.status === 'ready') lessons.captions.next();
  else if ((key === 'p' || key === 'P') && lessons.active && lessons.status === 'ready') lessons.captions.previous();
  else handled = false;
  if (handled) event.preventDefault();
  return handled;
}
