// What the app needs from the sandbox that evaluates and runs user code. The vocabulary is the sandbox's own
// (src/sandbox/types.ts); state classes depend on this seam so tests can hand in a fake sandbox.
import type { Evaluation, Sandbox } from '../../sandbox/types.ts';

export type { Diagnostic, EvaluatedHooks, EvaluatedTool, Evaluation, SourceFile } from '../../sandbox/types.ts';

/**
 * The sandbox as the app uses it. `setClock` (optional, so stand-ins may leave it out) puts sleep() on a run's
 * virtual clock while a scenario is recorded; `runTurn` (optional too) runs a scenario's code turns; `setNetwork`
 * (optional) turns network access for user code on or off.
 */
export type ToolRuntime = Pick<Sandbox, 'evaluate' | 'agentTools' | 'hooks' | 'setTimeoutMs' | 'status' | 'restart' | 'dispose'>
  & Partial<Pick<Sandbox, 'setClock' | 'runTurn' | 'setNetwork'>>;

export const EMPTY_EVALUATION: Evaluation = { tools: [], hooks: {}, diagnostics: [] };
