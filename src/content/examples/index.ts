// The starter workspace: eight tools written as pi users write them, a hooks file and loop settings.
// Shared by the app ("reset to examples") and by lessons, which pick tools by id.
import { CALCULATE, ECHO, GET_WEATHER } from './basic-tools.ts';
import { LIST_DIR, READ_FILE } from './file-tools.ts';
import { DEPLOY, SLOW_COMPUTE, SLOW_FETCH } from './ops-tools.ts';
import { STARTER_HOOKS, STARTER_SYSTEM_PROMPT } from './agent-settings.ts';
import type { ExampleToolFile, ExampleWorkspace } from './types.ts';

export type { ExampleToolFile, ExampleWorkspace } from './types.ts';
export { createJsonSchemaSource, createToolSource } from './templates.ts';
export { STARTER_HOOKS, STARTER_SYSTEM_PROMPT } from './agent-settings.ts';
export { STARTER_FILES } from './files.ts';
export { CALCULATE, DEPLOY, ECHO, GET_WEATHER, LIST_DIR, READ_FILE, SLOW_COMPUTE, SLOW_FETCH };

/** In list order. */
export const STARTER_TOOLS: readonly ExampleToolFile[] = [
  GET_WEATHER, READ_FILE, LIST_DIR, ECHO, CALCULATE, DEPLOY, SLOW_FETCH, SLOW_COMPUTE,
];

/** A fresh copy of the starter workspace (callers may mutate it). */
export function createStarterWorkspace(): ExampleWorkspace {
  return {
    tools: STARTER_TOOLS.map((tool) => ({ ...tool })),
    hooks: STARTER_HOOKS,
    settings: { toolExecution: 'parallel', systemPrompt: STARTER_SYSTEM_PROMPT },
  };
}
