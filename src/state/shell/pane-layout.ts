// The three panes of the window and a layout of them: which are shown and how wide. A demo link's `layout=` and
// the automation API set one (src/automation/params.ts parses the text); the presentation state shows it.

export const PANES = ['sidebar', 'editor', 'views'] as const;
export type PaneId = (typeof PANES)[number];

/**
 * Which of the three panes are shown and how wide, as percentages of the window (they sum to 100). A pane left
 * out is hidden. `null` everywhere else means "the user's own layout".
 */
export type PaneLayout = Partial<Record<PaneId, number>>;

/** The `layout=` text of a layout (the inverse of parseLayout), in pane order (`editor:40,views:60`). */
export function formatLayout(layout: PaneLayout): string {
  return PANES.filter((pane) => layout[pane] !== undefined).map((pane) => `${pane}:${layout[pane]}`).join(',');
}
