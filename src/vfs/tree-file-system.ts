// A FileSystem over an FsTree. Each mutation is planned against the current tree, handed to an optional
// `persist` step (IndexedDB uses one transaction per plan), and applied to the tree only when that succeeded.
import { FsError, type FileStat, type FileSystem, type FsChangeEvent } from './fs.ts';
import { FsTree, type FsChange, type FsRecord } from './fs-tree.ts';
import { dirnamePosix, resolvePosix } from './posix-path.ts';
import { decodeUtf8, encodeUtf8, utf8ByteLength } from './utf8.ts';

export interface TreeFileSystemOptions {
  cwd?: string;
  /** Time source for modification times (ms). Default Date.now. */
  now?: () => number;
  /** Largest single file, in bytes; beyond it writes fail with EFBIG. */
  maxFileBytes?: number;
  /** Sum of all file sizes, in bytes; beyond it writes fail with ENOSPC (a full disk or quota). */
  maxTotalBytes?: number;
  /**
   * Stores a plan durably; a rejection leaves the tree unchanged and becomes the call's error (an FsError
   * as is, anything else EIO). `op` names the system call and path Node would report for this change.
   */
  persist?: (changes: FsChange[], op: FsOperation) => Promise<void>;
}

/** The Node system call a mutation corresponds to, for error texts (`write` failures carry no path). */
export interface FsOperation {
  syscall: 'write' | 'mkdir' | 'rm' | 'rename';
  path?: string;
  dest?: string;
}

export const DEFAULT_CWD = '/workspace';
const NAME_MAX_BYTES = 255;

export class TreeFileSystem implements FileSystem {
  readonly cwd: string;
  readonly tree: FsTree;
  private readonly now: () => number;
  private readonly options: TreeFileSystemOptions;
  private readonly listeners = new Set<(event: FsChangeEvent) => void>();
  // Mutations run one at a time so each plan is made against the state its predecessor left.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(tree: FsTree, options: TreeFileSystemOptions = {}) {
    this.tree = tree;
    this.options = options;
    this.cwd = resolvePosix(options.cwd ?? DEFAULT_CWD);
    this.now = options.now ?? Date.now;
  }

  /** Validates a path argument the way Node does before any system call, then makes it absolute. */
  resolve(path: string, syscall: string): string {
    if (typeof path !== 'string') throw new FsError('EINVAL', syscall, String(path));
    if (path.includes('\0')) throw FsError.nullBytes(path);
    if (path === '') throw new FsError('ENOENT', syscall, '');
    const abs = resolvePosix(this.cwd, path);
    // A UTF-16 unit is at most 3 UTF-8 bytes, so only long paths need the exact count.
    if (abs.length > NAME_MAX_BYTES / 3) {
      for (const name of abs.split('/')) {
        if (utf8ByteLength(name) > NAME_MAX_BYTES) throw new FsError('ENAMETOOLONG', syscall, abs);
      }
    }
    return abs;
  }

  async stat(path: string): Promise<FileStat> {
    const abs = this.resolve(path, 'stat');
    const record = this.tree.require(abs, 'stat');
    return {
      kind: record.kind === 'directory' ? 'directory' : 'file',
      size: record.kind === 'file' ? record.data.length : 0,
      mtimeMs: record.mtimeMs,
    };
  }

  async exists(path: string): Promise<boolean> {
    try {
      return 'record' in this.tree.lookup(this.resolve(path, 'access'));
    } catch {
      return false;
    }
  }

  async readFile(path: string): Promise<Uint8Array> {
    const abs = this.resolve(path, 'open');
    const record = this.tree.require(abs, 'open');
    if (record.kind === 'directory') throw new FsError('EISDIR', 'read');
    if (record.kind === 'corrupt') throw new FsError('EIO', 'open', abs);
    return record.data.slice();
  }

  async readText(path: string): Promise<string> {
    const abs = this.resolve(path, 'open');
    const record = this.tree.require(abs, 'open');
    if (record.kind === 'directory') throw new FsError('EISDIR', 'read');
    if (record.kind === 'corrupt') throw new FsError('EIO', 'open', abs);
    // Decoding makes a new string, so the stored bytes need no defensive copy here.
    return decodeUtf8(record.data);
  }

  async readdir(path: string): Promise<string[]> {
    const abs = this.resolve(path, 'scandir');
    const record = this.tree.require(abs, 'scandir');
    if (record.kind !== 'directory') throw new FsError('ENOTDIR', 'scandir', abs);
    return this.tree.childNames(abs).sort(compareCodeUnits);
  }

  async realpath(path: string): Promise<string> {
    const abs = this.resolve(path, 'realpath');
    this.tree.require(abs, 'realpath');
    return abs;
  }

  writeFile(path: string, data: string | Uint8Array): Promise<void> {
    return this.mutate({ syscall: 'write' }, () => {
      const abs = this.resolve(path, 'open');
      if (abs === '/' || this.tree.get(abs)?.kind === 'directory') throw new FsError('EISDIR', 'open', abs);
      const parent = this.tree.lookup(dirnamePosix(abs));
      if ('missing' in parent) throw new FsError(parent.missing, 'open', abs);
      if (parent.record.kind !== 'directory') throw new FsError('ENOTDIR', 'open', abs);
      const bytes = typeof data === 'string' ? encodeUtf8(data) : data.slice();
      this.checkSpace(abs, bytes.length);
      const now = this.now();
      const changes: FsChange[] = [{ path: abs, record: { kind: 'file', data: bytes, mtimeMs: now } }];
      if (!this.tree.get(abs)) changes.push(this.touchDir(dirnamePosix(abs), now));
      return changes;
    });
  }

  mkdir(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    const op: FsOperation = { syscall: 'mkdir' };
    return this.mutate(op, () => {
      const abs = this.resolve(path, 'mkdir');
      op.path = abs;
      const existing = this.tree.get(abs);
      if (existing) {
        if (existing.kind === 'directory' && options.recursive) return [];
        throw new FsError('EEXIST', 'mkdir', abs);
      }
      const now = this.now();
      if (!options.recursive) {
        const parent = this.tree.lookup(dirnamePosix(abs));
        if ('missing' in parent) throw new FsError(parent.missing, 'mkdir', abs);
        if (parent.record.kind !== 'directory') throw new FsError('ENOTDIR', 'mkdir', abs);
        return [{ path: abs, record: { kind: 'directory', mtimeMs: now } }, this.touchDir(dirnamePosix(abs), now)];
      }
      const changes: FsChange[] = [];
      let firstCreatedParent: string | undefined;
      for (let dir = abs; ; dir = dirnamePosix(dir)) {
        const record = this.tree.get(dir);
        if (record) {
          if (record.kind !== 'directory') throw new FsError('ENOTDIR', 'mkdir', abs);
          firstCreatedParent = dir;
          break;
        }
        changes.unshift({ path: dir, record: { kind: 'directory', mtimeMs: now } });
      }
      changes.push(this.touchDir(firstCreatedParent, now));
      return changes;
    });
  }

  remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    const op: FsOperation = { syscall: 'rm' };
    return this.mutate(op, () => {
      const abs = this.resolve(path, 'rm');
      op.path = abs;
      const record = this.tree.require(abs, 'rm');
      if (abs === '/') throw new FsError('EBUSY', 'rmdir', abs);
      const below = record.kind === 'directory' ? this.tree.descendants(abs) : [];
      if (below.length > 0 && !options.recursive) throw new FsError('ENOTEMPTY', 'rmdir', abs);
      const changes: FsChange[] = [...below.reverse(), abs].map((p) => ({ path: p, record: null }));
      changes.push(this.touchDir(dirnamePosix(abs), this.now()));
      return changes;
    });
  }

  rename(from: string, to: string): Promise<void> {
    const op: FsOperation = { syscall: 'rename' };
    return this.mutate(op, () => {
      const src = this.resolve(from, 'rename');
      const dest = this.resolve(to, 'rename');
      op.path = src;
      op.dest = dest;
      const fail = (code: 'ENOENT' | 'ENOTDIR' | 'EISDIR' | 'EINVAL' | 'ENOTEMPTY' | 'EBUSY') =>
        new FsError(code, 'rename', src, dest);
      const found = this.tree.lookup(src);
      if ('missing' in found) throw fail(found.missing);
      if (src === dest) return [];
      if (src === '/' || dest === '/') throw fail('EBUSY');
      if (dest.startsWith(`${src}/`)) throw fail('EINVAL');
      const parent = this.tree.lookup(dirnamePosix(dest));
      if ('missing' in parent) throw fail(parent.missing);
      if (parent.record.kind !== 'directory') throw fail('ENOTDIR');
      const target = this.tree.get(dest);
      const isDir = found.record.kind === 'directory';
      if (target) {
        if (isDir && target.kind !== 'directory') throw fail('ENOTDIR');
        if (!isDir && target.kind === 'directory') throw fail('EISDIR');
        if (target.kind === 'directory' && this.tree.childNames(dest).length > 0) throw fail('ENOTEMPTY');
      }
      const now = this.now();
      const moved = [src, ...this.tree.descendants(src)];
      // An unreadable record cannot be copied to its new place; refusing keeps it where it is.
      if (moved.some((p) => this.tree.get(p)?.kind === 'corrupt')) throw new FsError('EIO', 'rename', src, dest);
      const changes: FsChange[] = [];
      if (target) changes.push({ path: dest, record: null });
      for (const p of [...moved].reverse()) changes.push({ path: p, record: null });
      for (const p of moved) changes.push({ path: dest + p.slice(src.length), record: this.tree.get(p)! });
      changes.push(this.touchDir(dirnamePosix(src), now), this.touchDir(dirnamePosix(dest), now));
      return changes;
    });
  }

  onChange(listener: (event: FsChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Replaces the whole content in one plan (restoring a snapshot). */
  replaceAll(entries: [string, FsRecord][]): Promise<void> {
    return this.mutate({ syscall: 'write' }, () => {
      const keep = new Set(entries.map(([p]) => p));
      const changes: FsChange[] = this.tree.entries()
        .filter(([p]) => !keep.has(p))
        .reverse()
        .map(([p]) => ({ path: p, record: null }));
      for (const [p, record] of entries) changes.push({ path: p, record });
      return changes;
    });
  }

  private touchDir(dir: string, now: number): FsChange {
    return { path: dir, record: { kind: 'directory', mtimeMs: now } };
  }

  private checkSpace(abs: string, bytes: number): void {
    const { maxFileBytes, maxTotalBytes } = this.options;
    // Node reports these from the write(2) on an open descriptor: no path in the message.
    if (maxFileBytes !== undefined && bytes > maxFileBytes) throw new FsError('EFBIG', 'write');
    if (maxTotalBytes !== undefined) {
      const old = this.tree.get(abs);
      const after = this.tree.totalBytes - (old?.kind === 'file' ? old.data.length : 0) + bytes;
      if (after > maxTotalBytes) throw new FsError('ENOSPC', 'write');
    }
  }

  /**
   * Applies changes another writer already stored (a second tab over the same store): planned in the mutation
   * queue (so it never interleaves with a plan of ours), not persisted again, listeners told as for our own.
   */
  protected adoptStored(plan: () => Promise<FsChange[]>): Promise<void> {
    return this.mutate({ syscall: 'write' }, plan, false);
  }

  private mutate(op: FsOperation, plan: () => FsChange[] | Promise<FsChange[]>, persist = true): Promise<void> {
    const run = async (): Promise<void> => {
      const changes = await plan();
      if (changes.length === 0) return;
      if (persist && this.options.persist) {
        try {
          await this.options.persist(changes, op);
        } catch (error) {
          if (error instanceof FsError) throw error;
          throw new FsError('EIO', op.syscall, op.path, op.dest);
        }
      }
      this.tree.apply(changes);
      const event = { paths: changes.map((c) => c.path) };
      for (const listener of this.listeners) listener(event);
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
