// Tool-argument validation as pi 0.85.1 does it (pi-ai's validateToolArguments), plus an inspecting variant that
// returns every intermediate snapshot and the structured issues, so the playground can show why a call failed.
import type { Tool, ToolCall } from './types.ts';
import type { ValidationIssue } from './trace/types.ts';

/** Every step of one validation, as independent snapshots. `message` is pi's exact error text when `!ok`. */
export interface ArgumentInspection {
  ok: boolean;
  /** The arguments exactly as passed in (same reference; never mutated). */
  received: unknown;
  cloned?: unknown;
  afterNullRemoval?: unknown;
  converted?: unknown;
  /** The validated, coerced value when ok. */
  value?: unknown;
  issues: ValidationIssue[];
  message?: string;
}

/** Returns the validated, coerced clone of the call's arguments, or throws an Error with pi's exact message. */
export function validateToolArguments(tool: Tool, toolCall: ToolCall): any {
  const inspection = inspectToolArguments(tool, toolCall);
  if (!inspection.ok) throw new Error(inspection.message);
  return inspection.value;
}

/** Like validateToolArguments, but never throws for bad input: the outcome is data. */
export function inspectToolArguments(_tool: Tool, toolCall: ToolCall): ArgumentInspection {
  // Placeholder until the full pipeline lands: accept the arguments unchanged.
  return { ok: true, received: toolCall.arguments, value: structuredClone(toolCall.arguments), issues: [] };
}

/** pi's path form for an instance path: `/a/0/b` -> `a.0.b`, empty -> `root`. */
export function formatValidationPath(instancePath: string): string {
  const trimmed = instancePath.startsWith('/') ? instancePath.slice(1) : instancePath;
  return trimmed ? trimmed.split('/').join('.') : 'root';
}
