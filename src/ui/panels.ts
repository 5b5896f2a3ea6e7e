// The panels shown as tabs beside the editor. To add one: import its component and append an entry
// (see shell/view-registry.ts for the contract). Only panels that exist are listed; no placeholders.
import type { ViewDefinition } from './shell/view-registry.ts';
import SchemaView from './schema/SchemaView.svelte';
import ProvidersPanel from './providers/ProvidersPanel.svelte';

export const PANELS: ViewDefinition[] = [
  { id: 'schema', title: 'schema.tab', icon: 'braces', component: SchemaView, order: 10 },
  // An eye: what the model sees of the tools, per provider API.
  { id: 'providers', title: 'providers.tab', icon: { path: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z' }, component: ProvidersPanel, order: 20 },
];
