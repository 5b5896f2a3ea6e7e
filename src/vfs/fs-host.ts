// The `fs` contract between the sandbox and whoever serves it files: what user code's `fs` calls are forwarded
// to across the worker boundary. The sandbox calls it, storage (the workspace filesystem) and the lessons serve
// it, so it lives here, below both (docs/decisions/storage-one-owner.md).

/**
 * A directory entry as `fs.list` returns it to user code: the shape of FsCapability's entries
 * (fs-capability.ts), `kind` as in the examples and lessons that list directories.
 */
export interface FsEntry {
  name: string;
  kind: 'file' | 'directory';
  size: number;
}

/**
 * The filesystem user code reaches as `fs` (import { fs } from "playground"). Each method receives the user's
 * arguments, minus any AbortSignal (signals stay in the sandbox: an abort rejects the user's promise there).
 * Rejections reach user code as Errors with the same message. Values must be structured-cloneable.
 */
export interface FsCapabilityHost {
  readFile(path: string, options?: Record<string, unknown>): Promise<string>;
  writeFile(path: string, content: string, options?: Record<string, unknown>): Promise<void>;
  list(path: string, options?: Record<string, unknown>): Promise<FsEntry[]>;
  stat(path: string, options?: Record<string, unknown>): Promise<unknown>;
  remove(path: string, options?: Record<string, unknown>): Promise<void>;
  /**
   * Optional: the capability to use for requests made while tool call `toolCallId` runs (its execute, or a hook
   * for it), so what user code touches can be attributed to that call. Not reachable from user code.
   */
  forCall?(toolCallId: string): FsCapabilityHost;
}
