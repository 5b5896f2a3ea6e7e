// Two tabs over one stored filesystem: each stored file carries the revision (a store-wide generation counter)
// that wrote it, so a write planned against an older revision than the store holds is detected in its transaction.
import { FsError } from '../../vfs/index.ts';

/** One file another writer changed since this tab last saw it; `theirs` is what the store holds (null: deleted). */
export interface FsConflict {
  path: string;
  theirs: Uint8Array | null;
}

/** What a write does when it meets a conflict: refuse it (the panel asks the user) or overwrite and report it (runs). */
export type ConflictPolicy = 'refuse' | 'overwrite';

/** A refused write: nothing was stored. Its code is EIO so code that knows nothing of tabs still sees a failure. */
export class FsConflictError extends FsError {
  constructor(readonly conflicts: FsConflict[], syscall: string, path?: string) {
    super('EIO', syscall, path, undefined, `${conflicts.map((c) => c.path).join(', ')} changed in another tab`);
  }
}

export function isFsConflict(error: unknown): error is FsConflictError {
  return error instanceof FsConflictError;
}

/** The cross-tab notice posted after each committed write. */
export interface FsChangedMessage {
  type: 'fs-changed';
  writer: string;
  paths: string[];
}

export function isFsChangedMessage(value: unknown): value is FsChangedMessage {
  const v = value as FsChangedMessage | null;
  return !!v && v.type === 'fs-changed' && typeof v.writer === 'string' && Array.isArray(v.paths) && v.paths.every((p) => typeof p === 'string');
}
