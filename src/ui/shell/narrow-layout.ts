// The narrow (phone) layout: below NARROW_QUERY the panes stack into one column and a switcher shows one at a time.
// Which pane follows a click in the tool list: picking a tool or the agent page opens it in the editor.

/** Below this width the three panes no longer fit side by side (the sidebar, an editor and a views pane of 300 px). */
export const NARROW_QUERY = '(max-width: 760px)';

export type NarrowPane = 'sidebar' | 'editor' | 'views';
export const NARROW_PANES: readonly NarrowPane[] = ['sidebar', 'editor', 'views'];

/** Selectors of the tool list's entries that open something in the editor (not its add menu or rename field). */
const OPENS_EDITOR = '[data-testid="tool-item"] button.select, [data-testid="agent-settings-item"]';

/** The pane to show after a click in the tool list: the editor when the click opened a tool or the agent page. */
export function narrowPaneAfterClick(target: EventTarget | null, current: NarrowPane): NarrowPane {
  const element = target instanceof Element ? target : null;
  return element?.closest(OPENS_EDITOR) ? 'editor' : current;
}
