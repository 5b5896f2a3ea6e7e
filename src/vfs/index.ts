// The virtual filesystem: the FileSystem contract, the in-memory and tree-backed ones, snapshots, the traced
// wrapper that reports every access, and the capability handed to sandboxed code.
export { isFsError, FsError } from './fs.ts';
export {
  basenamePosix, relativePosix, ancestorsPosix, joinPosix, isAbsolutePosix, resolvePosix, dirnamePosix,
} from './posix-path.ts';
export type { FileStat, FileSystem, FileKind, FsChangeEvent, FsErrorCode } from './fs.ts';
export { encodeUtf8, utf8ByteLength, encodeBase64, decodeUtf8, decodeBase64 } from './utf8.ts';
export { createMemoryFileSystem, DEFAULT_CWD } from './memory-fs.ts';
export type { InitialFiles } from './memory-fs.ts';
export { TreeFileSystem } from './tree-file-system.ts';
export type { TreeFileSystemOptions, FsOperation } from './tree-file-system.ts';
export { FsTree } from './fs-tree.ts';
export type { FsChange, FsRecord } from './fs-tree.ts';
export { createFsCapability } from './fs-capability.ts';
export type { FsCapability, FsCapabilityEntry, FsCapabilityOptions } from './fs-capability.ts';
export { traceFileSystem } from './traced-fs.ts';
export { snapshot, restore } from './snapshot.ts';
export type { FsSnapshot } from './snapshot.ts';
export type { FsCapabilityHost, FsEntry } from './fs-host.ts';
