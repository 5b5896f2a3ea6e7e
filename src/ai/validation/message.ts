// The text pi 0.85.1 puts into a failed tool call's result: a frame around one line per TypeBox error, each
// line naming the argument path in pi's dotted form.
import type { ValidationIssue } from './issue.ts';

/** The parts of a TypeBox validation error that pi's path and message depend on. */
export interface ValidationErrorLike {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  params?: unknown;
  message: string;
}

/**
 * pi's path form: the instance path without its leading `/`, other `/` as `.` (no JSON-pointer unescaping),
 * `root` when empty. A `required` error names its first missing property (`nested.a`), as pi does. Accepts a
 * bare instance path too.
 */
export function formatValidationPath(error: Pick<ValidationErrorLike, 'keyword' | 'instancePath' | 'params'> | string): string {
  const instancePath = typeof error === 'string' ? error : error.instancePath;
  const dotted = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (typeof error !== 'string' && error.keyword === 'required') {
    const first = (error.params as { requiredProperties?: string[] } | undefined)?.requiredProperties?.[0];
    if (first) return dotted ? `${dotted}.${first}` : first;
  }
  return dotted || 'root';
}

/** One issue per TypeBox error, in TypeBox's order. */
export function toValidationIssues(errors: readonly ValidationErrorLike[]): ValidationIssue[] {
  return errors.map((error) => ({
    path: formatValidationPath(error),
    message: error.message,
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
  }));
}

/**
 * The full error text. `received` is the arguments as passed in (before cloning and coercion); serialising it
 * may throw (a BigInt, a cycle), and that error is what pi reports then.
 */
export function formatValidationMessage(
  toolName: string,
  issues: readonly Pick<ValidationIssue, 'path' | 'message'>[],
  received: unknown,
): string {
  let lines = '';
  for (let i = 0; i < issues.length; i++) {
    if (i > 0) lines += '\n';
    lines += `  - ${issues[i]!.path}: ${issues[i]!.message}`;
  }
  return `Validation failed for tool "${toolName}":\n${lines || 'Unknown validation error'}\n\nReceived arguments:\n${JSON.stringify(received, null, 2)}`;
}
