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
  if (error instanceof StorageError) return error.failure;
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

export type StorageOperation = 'read' | 'write' | 'delete';

/**
 * What a storage repository rejects with: which store and key, which operation, and the browser's error as
 * `cause`. State classes turn it into a status the user sees (never swallow it); `failure` words the cause.
 */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  readonly failure: StorageFailure;

  constructor(readonly store: string, readonly operation: StorageOperation, readonly key: string, override readonly cause: unknown) {
    const failure = describeStorageError(cause);
    super(`${operation} of "${key}" in ${store} failed: ${failure.detail}`);
    this.failure = failure;
  }
}

export function isStorageError(error: unknown): error is StorageError {
  return error instanceof StorageError;
}

/** Runs one storage call; a rejection becomes a StorageError naming `store`, `operation` and `key`. */
export async function storageCall<T>(store: string, operation: StorageOperation, key: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof StorageError ? error : new StorageError(store, operation, key, error);
  }
}

/** The browser's own words for a failure (a StorageError's cause), for the detail of a status message. */
export function failureDetail(error: unknown): string {
  return describeStorageError(error).detail;
}
