// The widths a user can drag the tool list and the views pane to, and what a stored width outside them becomes.
// A stored width comes from another version or a hand-edited record; it is drawn at the nearest bound and the
// clamp is reported in the automation state's `problems`, as a `layout=` link's clamp is (English, for scripts).

export interface PaneBounds { id: string; fallback: number; min: number; max: number }

export const SIDEBAR_PANE: PaneBounds = { id: 'sidebar', fallback: 232, min: 180, max: 420 };
export const VIEWS_PANE: PaneBounds = { id: 'views', fallback: 460, min: 300, max: 960 };

export interface PaneSize { size: number; problem: string | null }

/** The width pane `bounds` is drawn at for the stored `stored` (undefined: never resized, the fallback). */
export function paneSize(bounds: PaneBounds, stored: number | undefined): PaneSize {
  if (stored === undefined) return { size: bounds.fallback, problem: null };
  const range = `outside the resize handle's range (${bounds.min}–${bounds.max} px)`;
  if (!Number.isFinite(stored)) return { size: bounds.fallback, problem: `stored pane size ${bounds.id}=${stored}: ${range}; drawn at ${bounds.fallback}` };
  const size = Math.min(bounds.max, Math.max(bounds.min, stored));
  return { size, problem: size === stored ? null : `stored pane size ${bounds.id}=${stored}: ${range}; drawn at ${size}` };
}
