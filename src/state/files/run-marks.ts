// Which files a recorded run read or wrote, from its trace_fs events: the marks the files tree shows, each one
// pointing at the recorded event (seq) so a click can select that read or write on the timeline.
import { ancestorsPosix } from '../../vfs/index.ts';
import type { RecordedEvent } from '../../recording/index.ts';
import type { TraceEvent } from '../../engine/index.ts';

type FsTraceEvent = Extract<TraceEvent, { type: 'trace_fs' }>;

export type FsMarkKind = 'read' | 'write';

export interface FsAccess {
  seq: number;
  t: number;
  op: FsTraceEvent['op'];
  toolCallId?: string;
  bytes?: number;
}

export interface PathMarks {
  /** Reads of the file, and listings of a folder. */
  read: FsAccess[];
  /** Writes, folder creations and removals. */
  write: FsAccess[];
}

export interface RunMarks {
  byPath: ReadonlyMap<string, PathMarks>;
  /** Folders with a marked entry somewhere below (so a collapsed folder can hint at them). */
  foldersWithMarks: ReadonlySet<string>;
}

export const NO_MARKS: RunMarks = { byPath: new Map(), foldersWithMarks: new Set() };

/** `stat` is not a read of the content; it is left out. */
function markKind(op: FsTraceEvent['op']): FsMarkKind | null {
  if (op === 'read' || op === 'list') return 'read';
  if (op === 'write' || op === 'mkdir' || op === 'remove') return 'write';
  return null;
}

/** Marks from the events up to and including `untilSeq` (default: all), in recording order. */
export function collectRunMarks(events: readonly RecordedEvent[], untilSeq = Number.POSITIVE_INFINITY): RunMarks {
  const byPath = new Map<string, PathMarks>();
  const foldersWithMarks = new Set<string>();
  for (const recorded of events) {
    if (recorded.seq > untilSeq) break;
    if (recorded.source !== 'trace' || recorded.event.type !== 'trace_fs') continue;
    const event = recorded.event;
    const kind = markKind(event.op);
    if (!kind) continue;
    let marks = byPath.get(event.path);
    if (!marks) {
      marks = { read: [], write: [] };
      byPath.set(event.path, marks);
      for (const folder of ancestorsPosix(event.path)) foldersWithMarks.add(folder);
    }
    const access: FsAccess = { seq: recorded.seq, t: recorded.t, op: event.op };
    if (event.toolCallId !== undefined) access.toolCallId = event.toolCallId;
    if (event.bytes !== undefined) access.bytes = event.bytes;
    marks[kind].push(access);
  }
  return { byPath, foldersWithMarks };
}

/** Paths the run touched that no longer exist (removed, or restored away), so the panel can still list them. */
export function missingMarkedPaths(marks: RunMarks, exists: (path: string) => boolean): string[] {
  return [...marks.byPath.keys()].filter((path) => !exists(path)).sort();
}
