// The IndexedDB-backed virtual filesystem: same FileSystem contract as core's memory filesystem.
export {
  openIdbFileSystem, IdbFileSystem, DEFAULT_FS_DB, DEFAULT_FS_STORE, DEFAULT_MAX_FILE_BYTES,
  type IdbFileSystemOptions, type IdbLoadReport,
} from './idb-file-system.ts';
export {
  FsConflictError, isFsConflict, GENERATION_KEY, type FsConflict, type ConflictPolicy, type FsChangedMessage,
} from './fs-conflicts.ts';
