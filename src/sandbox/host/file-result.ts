// What evaluating one file yields, before files are combined (duplicate names, hooks exported twice).
import type { Diagnostic, EvaluatedTool } from '../types.ts';

export interface FileResult {
  tools: EvaluatedTool[];
  hooks: { beforeToolCall: boolean; afterToolCall: boolean };
  /** Where each exported hook is written, for messages about it. */
  hookPositions?: { beforeToolCall?: { line: number; column: number }; afterToolCall?: { line: number; column: number } };
  diagnostics: Diagnostic[];
  /** A 'turn' file whose default export is a function. */
  turn?: boolean;
}

export const NO_HOOKS = { beforeToolCall: false, afterToolCall: false } as const;

export function diagnosticsOnly(diagnostics: Diagnostic[]): FileResult {
  return { tools: [], hooks: { ...NO_HOOKS }, diagnostics };
}
