// Reports filesystem reads and writes as `trace_fs` events so the timeline can show each one. A thin
// wrapper: the wrapped filesystem does the work; an event is emitted once an operation has succeeded.
import type { TraceEvent, TraceSink } from '../engine/index.ts';
import type { FileStat, FileSystem, FsChangeEvent } from './fs.ts';
import { resolvePosix } from './posix-path.ts';
import { decodeUtf8, utf8ByteLength } from './utf8.ts';

type FsOp = Extract<TraceEvent, { type: 'trace_fs' }>['op'];

export interface FsTraceOptions {
  sink: TraceSink;
  /** Clock time for `t` (ms). */
  now: () => number;
  toolCallId?: string;
  /** Emit `stat` events too (the sandbox capability does; the built-in tools stat too often to be useful). */
  stats?: boolean;
}

export function traceFileSystem(fs: FileSystem, options: FsTraceOptions): FileSystem {
  const emit = (op: FsOp, path: string, bytes?: number) => {
    const event: TraceEvent = { type: 'trace_fs', t: options.now(), op, path: resolvePosix(fs.cwd, path) };
    if (options.toolCallId !== undefined) event.toolCallId = options.toolCallId;
    if (bytes !== undefined) event.bytes = bytes;
    options.sink(event);
  };
  return {
    cwd: fs.cwd,
    async stat(path: string): Promise<FileStat> {
      const s = await fs.stat(path);
      if (options.stats) emit('stat', path);
      return s;
    },
    exists: (path) => fs.exists(path),
    async readFile(path) {
      const bytes = await fs.readFile(path);
      emit('read', path, bytes.length);
      return bytes;
    },
    async readText(path) {
      const bytes = await fs.readFile(path);
      emit('read', path, bytes.length);
      return decodeUtf8(bytes);
    },
    async writeFile(path, data) {
      await fs.writeFile(path, data);
      emit('write', path, typeof data === 'string' ? utf8ByteLength(data) : data.length);
    },
    async mkdir(path, opts) {
      // `mkdir -p` of an existing directory changes nothing, so it is not worth a timeline mark.
      const existed = await fs.exists(path);
      await fs.mkdir(path, opts);
      if (!existed) emit('mkdir', path);
    },
    async readdir(path) {
      const names = await fs.readdir(path);
      emit('list', path);
      return names;
    },
    async remove(path, opts) {
      await fs.remove(path, opts);
      emit('remove', path);
    },
    async rename(from, to) {
      await fs.rename(from, to);
      emit('remove', from);
      emit('write', to);
    },
    realpath: (path) => fs.realpath(path),
    onChange: (listener: (event: FsChangeEvent) => void) => fs.onChange(listener),
  };
}
