// The panels shown as tabs beside the editor. To add one: import its component and append an entry
// (see shell/view-registry.ts for the contract). Only panels that exist are listed; no placeholders.
import type { ViewDefinition } from './shell/view-registry.ts';
import SchemaView from './schema/SchemaView.svelte';

export const PANELS: ViewDefinition[] = [
  { id: 'schema', title: 'schema.tab', icon: 'braces', component: SchemaView, order: 10 },
];
