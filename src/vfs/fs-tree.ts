// The in-memory state of a virtual filesystem: records keyed by absolute path, plus a child index.
// Mutations are planned first (validated, Node's errors thrown as FsError) and applied second, so a
// persistent backend can store a plan in one transaction and apply it only once that succeeded.
import { FsError } from './fs.ts';
import { ancestorsPosix, basenamePosix, dirnamePosix, joinPosix } from './posix-path.ts';

export type FsRecord =
  | { kind: 'file'; data: Uint8Array; mtimeMs: number }
  | { kind: 'directory'; mtimeMs: number }
  /** A stored entry that could not be decoded; kept (never deleted) so nothing is lost, unreadable. */
  | { kind: 'corrupt'; reason: string; mtimeMs: number };

/** One planned change: the new record at `path`, or null to delete it. */
export interface FsChange {
  path: string;
  record: FsRecord | null;
}

const ROOT: FsRecord = { kind: 'directory', mtimeMs: 0 };

export class FsTree {
  private readonly records = new Map<string, FsRecord>();
  private readonly children = new Map<string, Set<string>>([['/', new Set()]]);
  /** Sum of file sizes, for quota checks. */
  totalBytes = 0;

  get(path: string): FsRecord | undefined {
    return path === '/' ? ROOT : this.records.get(path);
  }

  /** Child names of a directory path (unsorted); empty when the path is no directory. */
  childNames(path: string): string[] {
    return [...(this.children.get(path) ?? [])];
  }

  /** Every stored path and record, parents before children. */
  entries(): [string, FsRecord][] {
    return [...this.records.entries()].sort(([a], [b]) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0));
  }

  /**
   * Finds the entry at `path` or explains, with Node's code, why it is missing: ENOENT when a component
   * is absent, ENOTDIR when a component above it is a file.
   */
  lookup(path: string): { record: FsRecord } | { missing: 'ENOENT' | 'ENOTDIR' } {
    const record = this.get(path);
    if (record) return { record };
    for (const ancestor of ancestorsPosix(path)) {
      const r = this.get(ancestor);
      if (!r) return { missing: 'ENOENT' };
      if (r.kind !== 'directory') return { missing: 'ENOTDIR' };
    }
    return { missing: 'ENOENT' };
  }

  /** Throws Node's error for `syscall` if `path` does not exist. */
  require(path: string, syscall: string): FsRecord {
    const found = this.lookup(path);
    if ('missing' in found) throw new FsError(found.missing, syscall, path);
    return found.record;
  }

  /** Applies a plan. Never fails: plans are validated when made. */
  apply(changes: FsChange[]): void {
    for (const { path, record } of changes) {
      if (path === '/') continue;
      const previous = this.records.get(path);
      if (previous?.kind === 'file') this.totalBytes -= previous.data.length;
      if (record === null) {
        this.records.delete(path);
        this.children.get(dirnamePosix(path))?.delete(basenamePosix(path));
        this.children.delete(path);
        continue;
      }
      this.records.set(path, record);
      if (record.kind === 'file') this.totalBytes += record.data.length;
      this.childSet(dirnamePosix(path)).add(basenamePosix(path));
      if (record.kind === 'directory') this.childSet(path);
      else this.children.delete(path);
    }
  }

  /** Replaces everything with `entries` (used when loading a persisted store or restoring a snapshot). */
  reset(entries: Iterable<[string, FsRecord]>): void {
    this.records.clear();
    this.children.clear();
    this.children.set('/', new Set());
    this.totalBytes = 0;
    const sorted = [...entries].sort(([a], [b]) => depth(a) - depth(b));
    const changes: FsChange[] = [];
    const planned = new Set<string>();
    for (const [path, record] of sorted) {
      // A record whose parents are missing (a damaged store) still gets its directories, so it stays reachable.
      for (const ancestor of ancestorsPosix(path)) {
        if (ancestor === '/' || planned.has(ancestor)) continue;
        planned.add(ancestor);
        changes.push({ path: ancestor, record: { kind: 'directory', mtimeMs: record.mtimeMs } });
      }
      if (planned.has(path)) {
        // The record itself replaces the directory made up for it above (records come parents first).
        const at = changes.findIndex((c) => c.path === path);
        changes[at] = { path, record };
      } else {
        planned.add(path);
        changes.push({ path, record });
      }
    }
    this.apply(changes);
  }

  private childSet(path: string): Set<string> {
    let set = this.children.get(path);
    if (!set) {
      set = new Set();
      this.children.set(path, set);
    }
    return set;
  }

  /** All paths below a directory (not including it), for recursive removal and rename. */
  descendants(path: string): string[] {
    const out: string[] = [];
    const stack = [path];
    while (stack.length) {
      const dir = stack.pop()!;
      for (const name of this.children.get(dir) ?? []) {
        const child = joinPosix(dir, name);
        out.push(child);
        if (this.get(child)?.kind === 'directory') stack.push(child);
      }
    }
    return out;
  }
}

function depth(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) n++;
  return n;
}
