// The panels shown as tabs beside the editor. To add one: import its component and append an entry
// (see shell/view-registry.ts for the contract). Only panels that exist are listed; no placeholders.
// The schema view (the first tab) comes with the page; every other panel is its own chunk, loaded when its tab
// first opens, so the first load carries only the shell (docs/decisions/ui-first-load-splitting.md).
import type { ViewDefinition } from './shell/view-registry.ts';
import SchemaView from './schema/SchemaView.svelte';
import { PANEL_AREAS } from './i18n/catalog.ts';
import { loadEnglishArea } from './i18n/i18n.svelte.ts';

/**
 * A panel's chunk together with the panels' words (deferred message areas, catalog.ts): panels share parts (a
 * transport bar, the timeline, snapshot labels, lesson exhibits), so every panel brings all of them, in parallel
 * with its own code rather than after it has mounted.
 */
async function withPanelTexts<T>(panel: Promise<T>, ...more: Promise<unknown>[]): Promise<T> {
  const [loaded] = await Promise.all([panel, ...PANEL_AREAS.map(loadEnglishArea), ...more]);
  return loaded;
}

// The providers panel's encoders and its lint findings' words come with it; a lesson's exhibits word lint findings too.
const providersPanel = () => withPanelTexts(import('./providers/ProvidersPanel.svelte'), import('../state/providers/engine.ts'), loadEnglishArea('lint'));
const lessonsPanel = () => withPanelTexts(import('./lessons/LessonsPanel.svelte'), loadEnglishArea('lint'));

export const PANELS: ViewDefinition[] = [
  { id: 'schema', title: 'schema.tab', icon: 'braces', component: SchemaView, order: 10 },
  // An eye: what the model sees of the tools, per provider API.
  { id: 'providers', title: 'providers.tab', icon: { path: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z' }, load: providersPanel, order: 20 },
  { id: 'scenario', title: 'scenario.tab', icon: { path: 'M6 3h12v18H6zM9.5 8h5M9.5 12h5M9.5 16h3' }, load: () => withPanelTexts(import('./scenario/ScenarioPanel.svelte')), order: 30 },
  { id: 'timeline', title: 'run.tab.timeline', icon: { path: 'M4 4v16M8 7h8M11 12h9M8 17h6' }, load: () => withPanelTexts(import('./run/TimelinePanel.svelte')), order: 40 },
  { id: 'events', title: 'events.tab', icon: { path: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01' }, load: () => withPanelTexts(import('./events/EventLogPanel.svelte')), order: 50 },
  // A folder: the virtual filesystem, its snapshots and pi's coding tools for runs.
  { id: 'files', title: 'files.tab', icon: { path: 'M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2h8.5A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z' }, load: () => withPanelTexts(import('./files/FilesPanel.svelte')), order: 60 },
  // An open book: the guided lessons of pi's tool chapter.
  { id: 'lessons', title: 'lessons.tab', icon: { path: 'M12 6.5C10 5 7 4.5 3 5v13c4-.5 7 0 9 1.5 2-1.5 5-2 9-1.5V5c-4-.5-7 0-9 1.5zM12 6.5v13' }, load: lessonsPanel, order: 70 },
];
