// The IndexedDB-backed virtual filesystem: same FileSystem contract as core's memory filesystem.
export {
  openIdbFileSystem, IdbFileSystem, DEFAULT_MAX_FILE_BYTES,
  type IdbFileSystemOptions, type IdbLoadReport,
} from './idb-file-system.ts';
export {
  FsConflictError, isFsConflict, type FsConflict, type ConflictPolicy, type FsChangedMessage,
} from './fs-conflicts.ts';
