// Hooks for tools whose code runs elsewhere (the sandbox). pi calls prepareArguments synchronously; a tool
// living in a worker can only answer asynchronously, so the loop awaits this keyed function at the same point.

/**
 * What a remote prepareArguments reports: the returned value, or that the user's function returned a
 * Promise (pi does not await it; validation then fails to clone it, so the loop hands a Promise on).
 */
export type RemotePrepareOutcome =
  | { value: unknown; sameObject?: boolean }
  | { returnedPromise: true };

/**
 * An AgentTool may carry `tool[PREPARE_ARGUMENTS_ASYNC] = async (args) => outcome`. When present the loop
 * awaits it where pi calls `prepareArguments(args)`: a rejection is a prepare error with its message;
 * `{ value }` is used exactly as a synchronous return value would be. `sameObject: true` means the function
 * returned its argument (possibly mutated): as in pi the original call is kept, and the loop writes `value`'s
 * own keys back into the original arguments object so in-place changes are seen as pi would see them.
 */
export const PREPARE_ARGUMENTS_ASYNC: unique symbol = Symbol.for('pi-playground.prepareArgumentsAsync') as never;

export type PrepareArgumentsAsync = (args: unknown) => Promise<RemotePrepareOutcome>;
