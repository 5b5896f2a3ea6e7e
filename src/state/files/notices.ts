// What the files panel tells the user after an action: a message key (translated by the panel) with its
// parameters, and, for failures, the filesystem's own text (Node's wording, as pi's tools would report it).
import { isStorageError } from '../../storage/storage-error.ts';
import { isFsError } from '../../vfs/index.ts';
import type { PathProblem } from './paths.ts';
import { formatBytes } from './content.ts';

export type NoticeTone = 'error' | 'info' | 'success';

export interface FilesNotice {
  tone: NoticeTone;
  /** A message key under `files.` (see src/ui/i18n/messages/files.ts). */
  key: string;
  params?: Record<string, string | number>;
  /** The underlying error text, shown as is (e.g. `ENOSPC: no space left on device, write`). */
  detail?: string;
  /** The action can be undone from the notice. */
  undoable?: boolean;
  /** Why part of it failed (an upload where some files went in and one was refused). */
  cause?: FilesNotice;
}

export type ActionResult = { ok: true } | { ok: false; notice: FilesNotice };

/** A failure from the filesystem or the store, in words a user can act on; the raw text goes into `detail`. */
export function noticeForError(failure: unknown, context: { path?: string; maxFileBytes?: number } = {}): FilesNotice {
  // A storage repository's rejection names the store; what the browser said is its cause.
  const error = isStorageError(failure) ? failure.cause : failure;
  const detail = error instanceof Error ? error.message : String(error);
  const params = { path: context.path ?? '', limit: formatBytes(context.maxFileBytes ?? 0) };
  if (isFsError(error, 'ENOSPC') || (error as { name?: string } | null)?.name === 'QuotaExceededError') {
    return { tone: 'error', key: 'files.error.full', params, detail };
  }
  if (isFsError(error, 'EFBIG')) return { tone: 'error', key: 'files.error.tooLarge', params, detail };
  if (isFsError(error, 'EEXIST')) return { tone: 'error', key: 'files.error.exists', params, detail };
  if (isFsError(error, 'ENOTEMPTY')) return { tone: 'error', key: 'files.error.notEmpty', params, detail };
  if (isFsError(error, 'EIO')) return { tone: 'error', key: 'files.error.io', params, detail };
  if (isFsError(error, 'ENOENT')) return { tone: 'error', key: 'files.error.missing', params, detail };
  if (isFsError(error, 'ERR_INVALID_ARG_VALUE')) return { tone: 'error', key: 'files.error.nul', params, detail };
  if (isFsError(error, 'ENAMETOOLONG')) return { tone: 'error', key: 'files.error.nameTooLong', params, detail };
  if (isFsError(error, 'EINVAL')) return { tone: 'error', key: 'files.error.intoItself', params, detail };
  return { tone: 'error', key: 'files.error.generic', params, detail };
}

/** A name the panel refused before touching the filesystem. */
export function noticeForPath(problem: PathProblem | 'slash', detail?: string): FilesNotice {
  return { tone: 'error', key: `files.name.${problem}`, ...(detail ? { detail } : {}) };
}
