// Keyboard shortcuts of the transport, for the panels that show it: Space play/pause, → step, Shift+→ next phase,
// R restart, [ and ] speed. Keys typed into fields and editors are left alone.
import type { RunState } from '../../state/run/run.svelte.ts';

export const TRANSPORT_SHORTCUTS = [
  { keys: ['Space'], action: 'run.keys.playPause' },
  { keys: ['→'], action: 'run.keys.step' },
  { keys: ['Shift', '→'], action: 'run.keys.stepPhase' },
  { keys: ['R'], action: 'run.keys.restart' },
  { keys: ['['], action: 'run.keys.slower' },
  { keys: [']'], action: 'run.keys.faster' },
] as const;

function typingInto(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  // A shadow host is the CodeMirror editor; keys typed there are text.
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || !!el.shadowRoot;
}

/** Handles a transport shortcut; returns true (and prevents the default) when the key was one. */
export function handleTransportKey(event: KeyboardEvent, run: RunState): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typingInto(event.target)) return false;
  const target = event.target as HTMLElement | null;
  // Space on a focused button or checkbox presses it; only elsewhere is it play/pause.
  const onControl = !!target?.closest?.('button, summary, [role="button"], [role="tab"], [role="radio"], a[href]');
  let handled = true;
  if (event.key === ' ' && !onControl) run.toggle();
  else if (event.key === 'ArrowRight' && event.shiftKey) void run.stepPhase();
  else if (event.key === 'ArrowRight' && !target?.closest?.('[role="tablist"], [role="radiogroup"]')) void run.step();
  else if ((event.key === 'r' || event.key === 'R') && !event.shiftKey) void run.restart();
  else if (event.key === '[') run.nudgeSpeed(-1);
  else if (event.key === ']') run.nudgeSpeed(1);
  else handled = false;
  if (handled) event.preventDefault();
  return handled;
}
