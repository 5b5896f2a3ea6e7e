// Turns a storage rejection into something a person can act on: what failed, in words, and what it means
// for their work. Used by every status message about saving.

export type StorageFailureKind = 'quota' | 'blocked' | 'unavailable' | 'unknown';

export interface StorageFailure {
  kind: StorageFailureKind;
  /** One sentence in English (logs, tests); the status message words the failure from `kind` in the UI language. */
  message: string;
  /** The original error text, for the details line. */
  detail: string;
}

export function describeStorageError(error: unknown): StorageFailure {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  const detail = error instanceof Error ? error.message : String(error);
  if (name === 'QuotaExceededError' || /quota/i.test(detail)) {
    return { kind: 'quota', message: 'Browser storage is full, so changes cannot be saved.', detail };
  }
  if (name === 'StorageTimeoutError' || /blocked/i.test(detail)) {
    return { kind: 'blocked', message: 'Browser storage is blocked (another tab may hold an old version open).', detail };
  }
  if (['InvalidStateError', 'SecurityError', 'UnknownError', 'VersionError', 'NotFoundError', 'TypeError'].includes(name)) {
    return { kind: 'unavailable', message: 'Browser storage (IndexedDB) is unavailable here.', detail };
  }
  return { kind: 'unknown', message: 'Saving to browser storage failed.', detail };
}
