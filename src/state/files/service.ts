// The filesystem as an app service: opened once, lazily (the IndexedDB filesystem and the coding tools are a
// separate chunk), shared by the files panel, the coding tools in runs and the sandbox's `fs`, plus the slot that
// tells the sandbox's `fs` which run, if any, to trace into.
import type { FsTraceTarget, OpenWorkspaceOptions, WorkspaceFileSystem } from '../../storage/workspace-fs.ts';

export type { FsTraceTarget, WorkspaceFileSystem } from '../../storage/workspace-fs.ts';

export interface FilesService {
  /** Opens the filesystem on first call; later calls get the same one. Never rejects (memory is the fallback). */
  open(): Promise<WorkspaceFileSystem>;
  /** The run whose trace receives the sandbox's fs calls; undefined outside runs. */
  sandboxTrace: FsTraceTarget | undefined;
}

/** A service around `open` (called at most once). */
export function createFilesService(open: () => Promise<WorkspaceFileSystem>): FilesService {
  let opening: Promise<WorkspaceFileSystem> | undefined;
  return {
    open: () => (opening ??= open()),
    sandboxTrace: undefined,
  };
}

/** The app's filesystem: IndexedDB (or memory) through the lazily loaded workspace-fs module. */
export function createWorkspaceFilesService(options: OpenWorkspaceOptions = {}): FilesService {
  // A run writing over another tab's change must not stop mid-run: it overwrites, and the panel reports it after.
  const service: FilesService = createFilesService(() => import('../../storage/workspace-fs.ts').then((m) => m.openWorkspaceFileSystem({
    conflictPolicy: () => (service.sandboxTrace ? 'overwrite' : 'refuse'),
    ...options,
  })));
  return service;
}
