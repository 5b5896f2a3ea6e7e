// The virtual filesystem as the app wires it: the IndexedDB filesystem (or memory, when IndexedDB is unusable),
// seeded with the starter project the first time, and exposed to the sandbox as the `fs` capability (traced into
// the run that is recording, per tool call). Loaded with the sandbox (a lazy chunk), not with the first page load.
import type { UseStore } from 'idb-keyval';
import type { Clock } from '../engine/index.ts';
import { STARTER_FILES } from '../content/examples/index.ts';
import { createFsCapability, type FsCapability } from '../vfs/index.ts';
import type { FileSystem, FsCapabilityHost, FsEntry } from '../vfs/index.ts';
import { createMemoryFileSystem } from '../vfs/index.ts';
import { dirnamePosix, joinPosix } from '../vfs/index.ts';
import { encodeUtf8 } from '../vfs/index.ts';
import type { TraceSink } from '../engine/index.ts';
import { FILES_DATABASE } from './keys.ts';
import { DEFAULT_MAX_FILE_BYTES, openIdbFileSystem, type ConflictPolicy } from './fs/index.ts';

/** How long opening IndexedDB may take before the app goes on in memory (its open never settles when blocked). */
export const FS_OPEN_TIMEOUT_MS = 5000;

/** Why the files are not (all) saved: shown to the user, naming the database. */
export interface FsStorageProblem {
  kind: 'timeout' | 'unavailable' | 'seedFailed' | 'writeFailed';
  /** The IndexedDB database the filesystem lives in. */
  database: string;
  detail: string;
}

export interface WorkspaceFileSystem {
  fileSystem: FileSystem;
  /** False when IndexedDB could not be opened and files live in memory only. */
  durable: boolean;
  /** Stored records that did not decode: listed, unreadable (EIO), kept until replaced or deleted. */
  corrupt: string[];
  /** Largest single file the store accepts (bytes); larger writes fail with EFBIG. */
  maxFileBytes: number;
  /** True when this open put the starter files into a brand-new store. */
  seeded: boolean;
  /** Set when IndexedDB did not open (in time) or refused the starter files. */
  problem?: FsStorageProblem;
}

export interface OpenWorkspaceOptions {
  /** Skip IndexedDB (tests, or a browser without it). */
  memory?: boolean;
  dbName?: string;
  /** A ready idb-keyval store (tests wrap one to simulate quota errors). */
  store?: UseStore;
  maxFileBytes?: number;
  maxTotalBytes?: number;
  /** Milliseconds IndexedDB gets to open (default FS_OPEN_TIMEOUT_MS). */
  openTimeoutMs?: number;
  /** What a write meeting another tab's newer revision does (runs overwrite and report; the panel asks). */
  conflictPolicy?: () => ConflictPolicy;
}

/**
 * Opens the persisted filesystem; falls back to memory (never rejects). The starter files are written only into
 * a store that has never held anything, so a user who deleted them does not get them back on the next load.
 */
export async function openWorkspaceFileSystem(options: OpenWorkspaceOptions = {}): Promise<WorkspaceFileSystem> {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const limits = { maxFileBytes, maxTotalBytes: options.maxTotalBytes };
  const database = options.dbName ?? FILES_DATABASE;
  let opened: WorkspaceFileSystem | undefined;
  let problem: FsStorageProblem | undefined;
  if (!options.memory) {
    const timeoutMs = options.openTimeoutMs ?? FS_OPEN_TIMEOUT_MS;
    const opening = openIdbFileSystem({ dbName: options.dbName, store: options.store, conflictPolicy: options.conflictPolicy, ...limits });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), timeoutMs); });
    try {
      const fs = await Promise.race([opening, timedOut]);
      if (fs === 'timeout') {
        problem = { kind: 'timeout', database, detail: `IndexedDB did not answer within ${timeoutMs / 1000} s` };
        // Answering late changes nothing: this tab keeps its memory filesystem (the user was told, and can download it).
        void opening.then((late) => late.close(), () => undefined);
      } else {
        const { files, directories, corrupt } = fs.report;
        opened = { fileSystem: fs, durable: true, corrupt, maxFileBytes, seeded: files + directories + corrupt.length === 0 };
      }
    } catch (error) {
      problem = { kind: 'unavailable', database, detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }
  opened ??= { fileSystem: createMemoryFileSystem({}, limits), durable: false, corrupt: [], maxFileBytes, seeded: true, ...(problem ? { problem } : {}) };
  if (opened.seeded) {
    // A starter file the store refuses (quota) is skipped, and said so; the files panel can seed it again later.
    await seedStarterFiles(opened.fileSystem).catch((error: unknown) => {
      opened.problem ??= { kind: 'seedFailed', database, detail: error instanceof Error ? error.message : String(error) };
    });
  }
  return opened;
}

/**
 * Writes each starter file that is missing or differs, and nothing else; returns the paths written. Seeding a
 * filesystem that already holds the starter files changes nothing (and notifies nobody).
 */
export async function seedStarterFiles(fs: FileSystem): Promise<string[]> {
  const written: string[] = [];
  for (const [path, text] of Object.entries(STARTER_FILES)) {
    const abs = joinPosix(fs.cwd, path);
    const current = await fs.readFile(abs).catch(() => undefined);
    if (current && sameBytes(current, encodeUtf8(text))) continue;
    await fs.mkdir(dirnamePosix(abs), { recursive: true });
    await fs.writeFile(abs, text);
    written.push(abs);
  }
  return written;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A run that records what the sandbox's `fs` touches: its trace sink and clock. */
export interface FsTraceTarget {
  trace: TraceSink;
  clock: Pick<Clock, 'now'>;
}

export interface FsCapabilityHostOptions {
  /** The run being recorded now, if any; read at each request so a run can start and end at any time. */
  tracing?: () => FsTraceTarget | undefined;
}

/**
 * The sandbox's `fs`, usable at once: calls wait for the filesystem to open. While `tracing` names a run, every
 * request becomes `trace_fs` events in that run, attributed to the tool call whose code made it (`forCall`).
 */
export function createFsCapabilityHost(ready: Promise<FileSystem>, options: FsCapabilityHostOptions = {}): FsCapabilityHost {
  const plain = ready.then((fs) => createFsCapability(fs));
  const capability = async (toolCallId: string | undefined): Promise<FsCapability> => {
    const target = options.tracing?.();
    if (!target) return plain;
    return createFsCapability(await ready, { trace: target.trace, clock: target.clock, toolCallId });
  };
  const hostFor = (toolCallId: string | undefined): FsCapabilityHost => ({
    readFile: async (path) => (await capability(toolCallId)).readFile(path),
    writeFile: async (path, content) => (await capability(toolCallId)).writeFile(path, content),
    list: async (path): Promise<FsEntry[]> => (await capability(toolCallId)).list(path),
    stat: async (path) => (await capability(toolCallId)).stat(path),
    remove: async (path) => (await capability(toolCallId)).remove(path),
  });
  return { ...hostFor(undefined), forCall: (toolCallId) => hostFor(toolCallId) };
}
