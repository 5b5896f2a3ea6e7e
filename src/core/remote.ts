// Hooks for tools whose code runs elsewhere (the sandbox). pi calls prepareArguments synchronously; a tool
// living in a worker can only answer asynchronously, so the loop awaits this keyed function at the same point.

/**
 * An AgentTool may carry `tool[PREPARE_ARGUMENTS_ASYNC] = async (args) => prepared`. When present the loop
 * awaits it where pi calls `prepareArguments(args)`: a rejection is a prepare error with its message, and the
 * resolved value is handed to validation exactly as a synchronous return value would be (so a user function
 * that returned a Promise is reported by resolving to one, and validation fails as pi does).
 */
export const PREPARE_ARGUMENTS_ASYNC: unique symbol = Symbol.for('pi-playground.prepareArgumentsAsync') as never;

export type PrepareArgumentsAsync = (args: unknown) => Promise<unknown>;
