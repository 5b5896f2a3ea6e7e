// Serves `fs` requests from user code with the host's FsCapabilityHost. Only the five capability methods can be
// reached; failures come back as values carrying the error's message (and Node-style code, when there is one).
import { PLAYGROUND_FS_OPERATIONS } from '../playground-module.ts';
import type { FsCapabilityHost, FsOperation } from '../types.ts';

const OPERATIONS: readonly FsOperation[] = PLAYGROUND_FS_OPERATIONS;

export type FsReply = { ok: true; value: unknown } | { ok: false; message: string; code?: string };

export async function serveFsRequest(fs: FsCapabilityHost | undefined, op: string, args: unknown[]): Promise<FsReply> {
  if (!fs) return { ok: false, message: `fs.${op}: no filesystem is attached to the sandbox` };
  if (!(OPERATIONS as readonly string[]).includes(op) || typeof fs[op as FsOperation] !== 'function') {
    return { ok: false, message: `fs.${op} is not available (fs offers ${OPERATIONS.join(', ')})` };
  }
  try {
    const method = fs[op as FsOperation] as (...a: unknown[]) => Promise<unknown>;
    return { ok: true, value: await method.apply(fs, args) };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return {
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
}
