// The views beside the editor are a list of panels: one component plus a title and an icon. The shell renders a
// tab per registered panel, so a new panel (providers, scenario, timeline, events, files) is one entry in
// ui/panels.ts and nothing else. Panels read what they need from the app state in context.
import type { Component } from 'svelte';
import type { ViewLoader } from './lazy-view.ts';
import type { IconName } from '../common/icons.ts';
import { CATALOG } from '../i18n/catalog.ts';
import { t } from '../i18n/i18n.svelte.ts';

export interface ViewDefinition {
  /** Stable id: the tab is `view-tab-<id>`, the panel `view-panel-<id>`; persisted as the open view. */
  id: string;
  /**
   * Tab text, short (one word if possible): a message key (`schema.tab`) shown in the reader's language. A string
   * that is not a key is shown as it is.
   */
  title: string;
  /** An icon name from common/icons.ts, or raw 24x24 path data. */
  icon: IconName | { path: string };
  /** Rendered without props while its tab is open. */
  component?: Component;
  /**
   * Instead of `component`: a dynamic import of it, so the panel's code (and what only it uses) is a chunk of its
   * own, fetched when the tab first opens rather than with the first page load.
   */
  load?: ViewLoader;
  /** Tabs are sorted by order, then by title. Built-ins use 10, 20, 30, … */
  order: number;
}

/** The tab text of a panel in the current language (reactive in components). */
export function viewTitle(view: Pick<ViewDefinition, 'title'>): string {
  return view.title in CATALOG.en ? t(view.title) : view.title;
}

/** The panels in display order; throws on duplicate ids (a programming error, caught by any test that renders). */
export function orderViews(views: readonly ViewDefinition[]): ViewDefinition[] {
  const seen = new Set<string>();
  for (const view of views) {
    if (seen.has(view.id)) throw new Error(`Two panels registered with id "${view.id}"`);
    if (!view.component === !view.load) throw new Error(`Panel "${view.id}" needs exactly one of component and load`);
    seen.add(view.id);
  }
  return [...views].sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}
