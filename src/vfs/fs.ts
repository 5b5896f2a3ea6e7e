// The virtual filesystem contract shared by the coding tools, the sandbox capability and the files panel.
// Async, POSIX paths, bytes stored faithfully; failures reject with FsError carrying Node's wording.

export type FileKind = 'file' | 'directory';

/** What stat() reports. Plain data, so it can cross a worker boundary. */
export interface FileStat {
  kind: FileKind;
  /** Bytes for a file, 0 for a directory. */
  size: number;
  /** Last modification, from the filesystem's time source (ms). */
  mtimeMs: number;
}

/** Paths touched by one committed operation, in the order they changed. */
export interface FsChangeEvent {
  paths: string[];
}

/**
 * An asynchronous filesystem with directories, POSIX paths and a working directory.
 *
 * - Relative paths resolve against `cwd`; `.`/`..` collapse and `..` stops at `/`, as on Linux.
 * - Files hold bytes exactly as written (BOM, CRLF, binary). Text is written as UTF-8.
 * - Every mutating call is atomic: it either happens entirely or leaves every stored entry unchanged.
 * - Expected failures (missing path, wrong kind, bad name, full store) reject with an FsError whose
 *   message is what Node prints on Linux (`ENOENT: no such file or directory, open '/w/a.txt'`). Nothing
 *   else is thrown; nothing throws synchronously.
 */
export interface FileSystem {
  readonly cwd: string;
  stat(path: string): Promise<FileStat>;
  exists(path: string): Promise<boolean>;
  /** Bytes of a file. A copy: mutating it does not change the stored file. */
  readFile(path: string): Promise<Uint8Array>;
  /** UTF-8 text of a file; invalid bytes become U+FFFD, a BOM is kept. */
  readText(path: string): Promise<string>;
  /** Creates or replaces a file; the parent directory must exist (as Node's writeFile). */
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  /** `recursive` creates missing parents and accepts an existing directory (mkdir -p). */
  mkdir(path: string, options?: { recursive?: boolean }): Promise<void>;
  /** Names of the direct children, sorted by UTF-16 code unit (a stable stand-in for the host's order). */
  readdir(path: string): Promise<string[]>;
  /** Deletes a file, or a directory (empty unless `recursive`). */
  remove(path: string, options?: { recursive?: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** The canonical absolute path of an existing entry (no symlinks exist, so: the normalised path). */
  realpath(path: string): Promise<string>;
  /** Called after each committed change; returns an unsubscribe function. Listeners must not throw. */
  onChange(listener: (event: FsChangeEvent) => void): () => void;
}

/** Node-style error codes the filesystem produces. */
export type FsErrorCode =
  | 'ENOENT' | 'EISDIR' | 'ENOTDIR' | 'EEXIST' | 'ENOTEMPTY' | 'EINVAL' | 'EBUSY' | 'ENOSPC' | 'EFBIG' | 'EIO'
  | 'ENAMETOOLONG' | 'ERR_INVALID_ARG_VALUE';

const DESCRIPTIONS: Record<Exclude<FsErrorCode, 'ERR_INVALID_ARG_VALUE'>, string> = {
  ENOENT: 'no such file or directory',
  EISDIR: 'illegal operation on a directory',
  ENOTDIR: 'not a directory',
  EEXIST: 'file already exists',
  ENOTEMPTY: 'directory not empty',
  EINVAL: 'invalid argument',
  EBUSY: 'resource busy or locked',
  ENOSPC: 'no space left on device',
  EFBIG: 'file too large',
  EIO: 'i/o error',
  ENAMETOOLONG: 'name too long',
};

/** A filesystem failure shaped like Node's: `code`, `syscall`, `path`, and the same message text. */
export class FsError extends Error {
  readonly code: FsErrorCode;
  readonly syscall?: string;
  readonly path?: string;

  constructor(code: FsErrorCode, syscall?: string, path?: string, dest?: string, message?: string) {
    super(message ?? FsError.format(code, syscall, path, dest));
    this.name = 'FsError';
    this.code = code;
    this.syscall = syscall;
    this.path = path;
  }

  static format(code: FsErrorCode, syscall?: string, path?: string, dest?: string): string {
    const description = code === 'ERR_INVALID_ARG_VALUE' ? 'invalid argument' : DESCRIPTIONS[code];
    let text = `${code}: ${description}`;
    if (syscall) text += `, ${syscall}`;
    if (path !== undefined) text += ` '${path}'`;
    if (dest !== undefined) text += ` -> '${dest}'`;
    return text;
  }

  /** Node's wording for a path containing NUL, as `fs` rejects it before any system call. */
  static nullBytes(path: string): FsError {
    const shown = path.replace(/\0/g, '\\x00');
    return new FsError(
      'ERR_INVALID_ARG_VALUE', undefined, undefined, undefined,
      `The argument 'path' must be a string, Uint8Array, or URL without null bytes. Received '${shown}'`,
    );
  }
}

export function isFsError(error: unknown, code?: FsErrorCode): error is FsError {
  return error instanceof FsError && (code === undefined || error.code === code);
}
