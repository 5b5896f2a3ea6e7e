// How the app is laid out for this page load, apart from the user's saved pane sizes: which panes a demo link or a
// script shows and how wide (`layout=`, `focus=`), the views pane maximised from the keyboard, and whether the
// keyboard shortcuts overlay is open. Nothing here is saved: a reload without parameters shows the user's layout.
import { formatLayout, PANES, type PaneId, type PaneLayout } from './pane-layout.ts';

export class PresentationState {
  #layout = $state.raw<PaneLayout | null>(null);
  #focus = $state<string | null>(null);
  #maximized = $state(false);
  #shortcutsOpen = $state(false);

  /**
   * The panes to show with their widths in percent, or null for the user's own resizable layout. A focused panel
   * or the maximised views pane is the views pane alone.
   */
  readonly panes = $derived.by((): PaneLayout | null => {
    if (this.#focus !== null || this.#maximized) return { views: 100 };
    return this.#layout;
  });

  /** The layout as the `layout=` parameter writes it, `focus:<panel>` when focused, or null. */
  readonly description = $derived.by((): string | null => {
    if (this.#focus !== null) return `focus:${this.#focus}`;
    if (this.#maximized) return 'views:100';
    return this.#layout ? formatLayout(this.#layout) : null;
  });

  /** The panel shown alone in the window (the tool list and the editor hidden), or null. */
  get focus(): string | null { return this.#focus; }
  /** True when the views pane fills the window, by focus, by layout or from the keyboard. */
  get viewsOnly(): boolean { return this.panes !== null && PANES.every((pane) => pane === 'views' || this.panes![pane] === undefined); }
  get shortcutsOpen(): boolean { return this.#shortcutsOpen; }

  shows(pane: PaneId): boolean {
    return this.panes === null || this.panes[pane] !== undefined;
  }

  /** Shows the given panes at the given widths (null: back to the user's layout). Clears focus and maximise. */
  setLayout(layout: PaneLayout | null): void {
    this.#layout = layout && Object.keys(layout).length > 0 ? { ...layout } : null;
    this.#focus = null;
    this.#maximized = false;
  }

  /** Shows one panel alone (the caller opens its tab); null ends focus. */
  setFocus(panel: string | null): void {
    this.#focus = panel;
    this.#maximized = false;
  }

  /** The keyboard's "maximise the views pane" (`\`): on, or back to what was shown before. */
  toggleViewsOnly(): void {
    if (this.#focus !== null || this.#maximized) {
      this.#focus = null;
      this.#maximized = false;
    } else {
      this.#maximized = true;
    }
  }

  openShortcuts(): void { this.#shortcutsOpen = true; }
  closeShortcuts(): void { this.#shortcutsOpen = false; }
}
