// What every built-in tool shares: the options createCodingTools takes, the per-call filesystem (traced
// when a sink is given), abort handling with pi's `Operation aborted`, and the per-file mutation queue.
import type { Clock } from '../engine/index.ts';
import type { TraceSink } from '../engine/index.ts';
import type { Model } from '../ai/index.ts';
import type { FileSystem } from '../vfs/index.ts';
import type { ImageCodec } from './images/image-resize.ts';
import { DEFAULT_HOME } from './path-resolve.ts';
import { traceFileSystem } from '../vfs/index.ts';

export interface CodingToolsOptions {
  /** Working directory the tools resolve relative paths against. Default: the filesystem's cwd. */
  cwd?: string;
  /** What `~` expands to. Default `/home/user`. */
  home?: string;
  /** Receives a `trace_fs` event for each read, write, listing, mkdir and removal a tool makes. */
  trace?: TraceSink;
  /** Time source for trace events. Default: Date.now. */
  clock?: Pick<Clock, 'now'>;
  /**
   * Decodes and resizes images as pi does with Photon (the browser's is on OffscreenCanvas). Without it an image
   * is measured by its header, and one over pi's limits gets pi's omission note.
   */
  images?: ImageCodec;
  /** The model the tools serve; read adds pi's note when it takes no image input. */
  getModel?: () => Model | undefined;
  /**
   * pi 0.85.1 sets constrainedSampling on read/write/edit only when PI_EXPERIMENTAL=1; this mirrors that
   * switch. Default false (pi's default: the field is undefined).
   */
  experimental?: boolean;
}

export interface ToolRuntime {
  cwd: string;
  home: string;
  options: CodingToolsOptions;
  /** The filesystem a call should use: traced with the call's id when a sink is configured. */
  fsFor(toolCallId: string): FileSystem;
  base: FileSystem;
}

export function createToolRuntime(fs: FileSystem, options: CodingToolsOptions): ToolRuntime {
  const now = () => (options.clock ? options.clock.now() : Date.now());
  return {
    cwd: options.cwd ?? fs.cwd,
    home: options.home ?? DEFAULT_HOME,
    options,
    base: fs,
    fsFor: (toolCallId) => (options.trace ? traceFileSystem(fs, { sink: options.trace, now, toolCallId }) : fs),
  };
}

export const ABORTED_MESSAGE = 'Operation aborted';

export function abortError(): Error {
  return new Error(ABORTED_MESSAGE);
}

/**
 * Runs `work` and rejects with `Operation aborted` as soon as the signal fires, as pi's read, ls, find and
 * grep do (the work may still finish in the background; its result is dropped).
 */
export function runAbortable<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  if (signal?.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal?.addEventListener('abort', onAbort, { once: true });
    work().then(
      (value) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

interface QueueState {
  byPath: Map<string, Promise<void>>;
  /** Keys are looked up one call at a time so calls register in the order they were made. */
  registration: Promise<unknown>;
}

const queues = new WeakMap<FileSystem, QueueState>();

/**
 * Serialises write/edit per file, as pi's withFileMutationQueue does: calls on the same path wait for
 * each other, other paths run in parallel. The key is the realpath, or the path itself when it is missing.
 * Pass the untraced filesystem so every tool call on it shares one queue.
 */
export async function withFileMutationQueue<T>(fs: FileSystem, path: string, fn: () => Promise<T>): Promise<T> {
  let state = queues.get(fs);
  if (!state) {
    state = { byPath: new Map(), registration: Promise.resolve() };
    queues.set(fs, state);
  }
  const { byPath } = state;
  const registered = state.registration.then(async () => {
    const key = await fs.realpath(path).catch(() => path);
    const previous = byPath.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((r) => (release = r));
    const chained = previous.then(() => current);
    byPath.set(key, chained);
    return { key, previous, chained, release };
  });
  state.registration = registered.catch(() => undefined);
  const { key, previous, chained, release } = await registered;
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (byPath.get(key) === chained) byPath.delete(key);
  }
}
