// Tool-argument validation as pi 0.85.1 does it (pi-ai's validateToolArguments), plus an inspecting variant that
// reports every intermediate value and the structured issues, so the playground can show why a call failed.
import type { TSchema } from 'typebox';
import type { Tool, ToolCall } from '../types.ts';
import type { ValidationIssue } from './issue.ts';
import { validatorFor } from './validator-cache.ts';
import { removeOptionalNulls } from './optional-nulls.ts';
import { coerceToJsonSchema } from './json-schema-coercion.ts';
import { formatValidationMessage, toValidationIssues, type ValidationErrorLike } from './message.ts';
import { snapshot } from './snapshot.ts';
import { cloneArguments } from './clone.ts';
import { convertInPlace } from './convert-inert.ts';

export { formatValidationPath, formatValidationMessage, type ValidationErrorLike } from './message.ts';

/** What one validation saw and did. */
export interface ArgumentInspection {
  ok: boolean;
  /** The arguments as passed in, as an independent copy (the original reference if it cannot be copied). */
  received: unknown;
  /** Independent copies of the value after structuredClone, after optional-null removal, and as checked. */
  cloned?: unknown;
  afterNullRemoval?: unknown;
  converted?: unknown;
  /** When ok: the very value validateToolArguments returns (hand this one to execute; it is not a copy). */
  value?: unknown;
  /** One per TypeBox error, in TypeBox's order; empty when ok or when the failure was not a schema error. */
  issues: ValidationIssue[];
  /** When !ok: pi's exact error text (the validation message, or the message of what pi would throw). */
  message?: string;
}

// pi skips its own coercion when the schema carries this symbol; TypeBox 1.x never sets it, so it always runs.
const LEGACY_TYPEBOX_KIND = Symbol.for('TypeBox.Kind');

interface StepObserver {
  cloned(value: unknown): void;
  afterNullRemoval(value: unknown): void;
  converted(value: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; errors: ValidationErrorLike[] };

/**
 * The pipeline, step for step as pi runs it: clone, drop optional nulls, TypeBox conversion (in place; its return
 * value is discarded, so a converted non-object root is lost), pi's JSON-Schema coercion, compiled check.
 * Throws exactly what pi would throw before the message stage (clone errors, schemas that do not compile).
 */
function runValidation(schema: TSchema, received: unknown, observe?: StepObserver): Outcome {
  const args: any = cloneArguments(received);
  observe?.cloned(args);
  removeOptionalNulls(args, schema);
  observe?.afterNullRemoval(args);
  // Value.Convert dispatches on the root's `~kind`; without one it returns at once, so skipping it is equal.
  // Skipped where it provably changes nothing (convert-inert.ts).
  if (typeof schema === 'object' && schema !== null && '~kind' in schema) convertInPlace(schema, args);
  const validator = validatorFor(schema);
  if (!Object.getOwnPropertySymbols(schema).includes(LEGACY_TYPEBOX_KIND)) {
    const coerced = coerceToJsonSchema(args, schema);
    if (coerced !== args) {
      if (typeof args === 'object' && args !== null && typeof coerced === 'object' && coerced !== null) {
        // A union at the root handed back a new object: pi empties its clone and refills it from that one.
        for (const key of Object.keys(args)) delete args[key];
        Object.assign(args, coerced);
      } else {
        // A non-object root that coercion replaced: pi returns the replacement if valid, else its unchecked
        // clone, without reporting an error either way.
        observe?.converted(coerced);
        return { ok: true, value: validator.Check(coerced) ? coerced : args };
      }
    }
  }
  observe?.converted(args);
  if (validator.Check(args)) return { ok: true, value: args };
  return { ok: false, errors: validator.Errors(args) as ValidationErrorLike[] };
}

/**
 * Returns the validated, coerced copy of the call's arguments, or throws an Error with pi's exact message.
 * Never mutates `toolCall.arguments`. Like pi, also throws the engine's error when the arguments cannot be
 * structured-cloned, and Compile's error for a schema TypeBox cannot compile.
 */
export function validateToolArguments(tool: Tool, toolCall: ToolCall): any {
  const outcome = runValidation(tool.parameters, toolCall.arguments);
  if (outcome.ok) return outcome.value;
  throw new Error(formatValidationMessage(toolCall.name, toValidationIssues(outcome.errors), toolCall.arguments));
}

/**
 * validateToolArguments with the outcome as data: never throws for bad input or a bad schema. `value` and
 * `message` agree with what validateToolArguments returns or throws.
 */
export function inspectToolArguments(tool: Tool, toolCall: ToolCall): ArgumentInspection {
  const received = toolCall.arguments;
  const inspection: ArgumentInspection = { ok: false, received: snapshot(received), issues: [] };
  try {
    const outcome = runValidation(tool.parameters, received, {
      cloned: (v) => (inspection.cloned = snapshot(v)),
      afterNullRemoval: (v) => (inspection.afterNullRemoval = snapshot(v)),
      converted: (v) => (inspection.converted = snapshot(v)),
    });
    if (outcome.ok) {
      inspection.ok = true;
      inspection.value = outcome.value;
      return inspection;
    }
    inspection.issues = toValidationIssues(outcome.errors);
    inspection.message = formatValidationMessage(toolCall.name, inspection.issues, received);
  } catch (thrown) {
    inspection.message = thrown instanceof Error ? thrown.message : String(thrown);
  }
  return inspection;
}
export type { ValidationIssue } from './issue.ts';
