// The small filesystem object the sandbox hands to user-written tools. Text in and out, paths relative to
// the workspace, and a `trace_fs` event for every call so the timeline shows what user code touched.
import type { Clock } from '../engine/index.ts';
import type { TraceSink } from '../engine/index.ts';
import type { FileKind, FileStat, FileSystem } from './fs.ts';
import { dirnamePosix, joinPosix, resolvePosix } from './posix-path.ts';
import { traceFileSystem } from './traced-fs.ts';

export interface FsCapabilityEntry {
  name: string;
  kind: FileKind;
  size: number;
}

/**
 * What user code may do with files. Every method rejects with an FsError (Node's message, e.g.
 * `ENOENT: no such file or directory, open '/workspace/a.txt'`) on failure; results are plain data.
 */
export interface FsCapability {
  readFile(path: string): Promise<string>;
  /** Creates missing parent directories, like the built-in write tool. */
  writeFile(path: string, text: string): Promise<void>;
  /** Direct children, sorted by name. Default: the working directory. */
  list(path?: string): Promise<FsCapabilityEntry[]>;
  stat(path: string): Promise<FileStat>;
  /** Removes a file or a directory with everything in it. */
  remove(path: string): Promise<void>;
}

export interface FsCapabilityOptions {
  /** Base for relative paths. Default: the filesystem's cwd. */
  cwd?: string;
  trace?: TraceSink;
  clock?: Pick<Clock, 'now'>;
  /** Attributes trace events to the tool call whose code is running. */
  toolCallId?: string;
}

export function createFsCapability(fs: FileSystem, options: FsCapabilityOptions = {}): FsCapability {
  const cwd = options.cwd ?? fs.cwd;
  const now = () => (options.clock ? options.clock.now() : Date.now());
  const target = options.trace
    ? traceFileSystem(fs, { sink: options.trace, now, toolCallId: options.toolCallId, stats: true })
    : fs;
  // A non-string path is a caller bug in user code; resolve it as its string form so the error names it.
  const abs = (path: unknown) => (typeof path === 'string' && path.length > 0 && !path.includes('\0') ? resolvePosix(cwd, path) : String(path));
  return {
    readFile: (path) => target.readText(abs(path)),
    async writeFile(path, text) {
      const file = abs(path);
      await target.mkdir(dirnamePosix(file), { recursive: true });
      await target.writeFile(file, typeof text === 'string' ? text : String(text));
    },
    async list(path = '.') {
      const dir = abs(path);
      const names = await target.readdir(dir);
      const entries: FsCapabilityEntry[] = [];
      for (const name of names) {
        const s = await fs.stat(joinPosix(dir, name)).catch(() => undefined);
        if (s) entries.push({ name, kind: s.kind, size: s.size });
      }
      return entries;
    },
    stat: (path) => target.stat(abs(path)),
    remove: (path) => target.remove(abs(path), { recursive: true }),
  };
}
