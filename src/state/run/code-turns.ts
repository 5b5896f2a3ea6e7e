// A scenario's code turns as sandbox files ('turn' modules, one per code turn) and the runner a recording calls
// them through: pi's factory arguments copied in, failures placed at their line in the turn's code.
import type { CodeTurnRunner } from '../../recording/scenario/index.ts';
import { CodeTurnError } from '../../recording/scenario/index.ts';
import { isCodeTurn, type ScenarioTurn } from '../../recording/scenario/index.ts';
import type { Diagnostic, Evaluation, Sandbox, SourceFile } from '../../sandbox/types.ts';

/** The sandbox file id of turn `turnIndex` (0-based): `turn:<n>`, n 1-based as the scenario names its turns. */
export function codeTurnFileId(turnIndex: number): string {
  return `turn:${turnIndex + 1}`;
}

/** The turn number (1-based) of a code turn's file id, or undefined for other files. */
export function turnOfFileId(fileId: string): number | undefined {
  const match = /^turn:(\d+)$/.exec(fileId);
  return match ? Number(match[1]) : undefined;
}

/** One 'turn' file per code turn of the scenario. */
export function codeTurnSourceFiles(turns: readonly ScenarioTurn[] | undefined): SourceFile[] {
  return (turns ?? []).flatMap((turn, i) => (isCodeTurn(turn)
    ? [{ id: codeTurnFileId(i), kind: 'typescript' as const, source: turn.code, name: `turn ${i + 1}`, role: 'turn' as const }]
    : []));
}

function firstError(diagnostics: readonly Diagnostic[], fileId: string): Diagnostic | undefined {
  return diagnostics.find((d) => d.fileId === fileId && d.severity === 'error');
}

/**
 * Calls the code turns of `evaluation` in `sandbox`. A turn whose code did not evaluate fails with its first error
 * (at its line); a throw in the factory with the sandbox's message at the line it was thrown from.
 */
export function createCodeTurnRunner(sandbox: Pick<Sandbox, 'runTurn'>, evaluation: Evaluation): CodeTurnRunner {
  return async ({ turnIndex, context, options, state, model }) => {
    const fileId = codeTurnFileId(turnIndex);
    const broken = firstError(evaluation.diagnostics, fileId);
    if (broken) throw new CodeTurnError(broken.message, broken.line, broken.column);
    if (!evaluation.turns?.includes(fileId)) throw new CodeTurnError('its code was not evaluated');
    const request = {
      context,
      options,
      // pi's FauxProviderState: the requests so far (this one included), and no deferred responses here.
      state: { callCount: state.callCount, deferredFetchCount: 0, cancelledDeferred: [] },
      model,
    };
    try {
      return await sandbox.runTurn(fileId, request, { label: 'Its code', signal: options?.signal });
    } catch (error) {
      const location = (error as { location?: { fileId: string; line: number; column: number } }).location;
      const message = error instanceof Error ? error.message : String(error);
      throw location?.fileId === fileId ? new CodeTurnError(message, location.line, location.column) : new CodeTurnError(message);
    }
  };
}
