// The views beside the editor are a list of panels: one component plus a title and an icon. The shell renders a
// tab per registered panel, so a new panel (providers, scenario, timeline, events, files) is one entry in
// ui/panels.ts and nothing else. Panels read what they need from the app state in context.
import type { Component } from 'svelte';
import type { IconName } from '../common/icons.ts';

export interface ViewDefinition {
  /** Stable id: the tab is `view-tab-<id>`, the panel `view-panel-<id>`; persisted as the open view. */
  id: string;
  /** Tab text, short (one word if possible). */
  title: string;
  /** An icon name from common/icons.ts, or raw 24x24 path data. */
  icon: IconName | { path: string };
  /** Rendered without props while its tab is open. */
  component: Component;
  /** Tabs are sorted by order, then by title. Built-ins use 10, 20, 30, … */
  order: number;
}

/** The panels in display order; throws on duplicate ids (a programming error, caught by any test that renders). */
export function orderViews(views: readonly ViewDefinition[]): ViewDefinition[] {
  const seen = new Set<string>();
  for (const view of views) {
    if (seen.has(view.id)) throw new Error(`Two panels registered with id "${view.id}"`);
    seen.add(view.id);
  }
  return [...views].sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}
