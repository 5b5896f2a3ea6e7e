// How a filesystem entry is stored in IndexedDB, and how a stored value is read back. A value that does
// not decode is kept as a `corrupt` entry (never deleted), so one damaged record cannot cost other files.
import type { FsRecord } from '../../vfs/index.ts';

/** The stored shape, versioned so a later format can read this one. Bytes are kept as a Uint8Array. */
export type StoredRecord =
  | { v: 1; kind: 'file'; data: Uint8Array; mtimeMs: number; rev?: number }
  | { v: 1; kind: 'directory'; mtimeMs: number };

/** `rev` is the store generation that wrote a file (files written before revisions existed read as 0). */
export function encodeRecord(record: Exclude<FsRecord, { kind: 'corrupt' }>, rev?: number): StoredRecord {
  return record.kind === 'file'
    ? { v: 1, kind: 'file', data: record.data, mtimeMs: record.mtimeMs, ...(rev === undefined ? {} : { rev }) }
    : { v: 1, kind: 'directory', mtimeMs: record.mtimeMs };
}

/** The revision of a stored file value; undefined when the value is no file (absent, a directory, undecodable). */
export function storedRevision(value: unknown): number | undefined {
  const v = value as { kind?: unknown; rev?: unknown } | null | undefined;
  if (!v || typeof v !== 'object' || v.kind !== 'file') return undefined;
  return typeof v.rev === 'number' && Number.isFinite(v.rev) ? v.rev : 0;
}

export function decodeRecord(value: unknown): FsRecord {
  if (!value || typeof value !== 'object') return corrupt('not an object');
  const v = value as Record<string, unknown>;
  const mtimeMs = typeof v.mtimeMs === 'number' && Number.isFinite(v.mtimeMs) ? v.mtimeMs : 0;
  if (v.v !== 1) return corrupt(`unknown format version ${String(v.v)}`, mtimeMs);
  if (v.kind === 'directory') return { kind: 'directory', mtimeMs };
  if (v.kind === 'file') {
    if (v.data instanceof Uint8Array) return { kind: 'file', data: v.data, mtimeMs };
    if (v.data instanceof ArrayBuffer) return { kind: 'file', data: new Uint8Array(v.data), mtimeMs };
    return corrupt('file without bytes', mtimeMs);
  }
  return corrupt(`unknown kind ${String(v.kind)}`, mtimeMs);
}

function corrupt(reason: string, mtimeMs = 0): FsRecord {
  return { kind: 'corrupt', reason, mtimeMs };
}

/** Keys are normalised absolute paths; anything else was not written by us and is left alone. */
export function isPathKey(key: IDBValidKey): key is string {
  return typeof key === 'string' && key.startsWith('/') && key !== '/' && !key.endsWith('/')
    && !key.includes('\0') && !key.split('/').slice(1).some((part) => part === '' || part === '.' || part === '..');
}
