// How a code turn fails, apart from the machinery that runs it (no imports), so the app can word and read failures
// without loading the scenario parser.

/** A failure inside a turn's code; `line` and `column` are in that code (1-based) when known. */
export class CodeTurnError extends Error {
  constructor(message: string, readonly line?: number, readonly column?: number) {
    super(message);
    this.name = 'CodeTurnError';
  }
}

/** Reads a code turn's failure back from an assistant message's errorMessage ("Code turn 2, line 5: …"). */
export function codeTurnFailureOf(errorMessage: string | undefined): { turn: number; line?: number; message: string } | undefined {
  const match = /^Code turn (\d+)(?:, line (\d+))?[: ]/.exec(errorMessage ?? '');
  if (!match) return undefined;
  return { turn: Number(match[1]), ...(match[2] ? { line: Number(match[2]) } : {}), message: errorMessage! };
}
