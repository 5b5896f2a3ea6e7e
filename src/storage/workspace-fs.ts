// The virtual filesystem as the app wires it: the IndexedDB filesystem (or memory, when IndexedDB is unusable),
// seeded with the starter project when it is empty, and exposed to the sandbox as the `fs` capability.
// Loaded with the sandbox (a lazy chunk), not with the first page load.
import { STARTER_FILES } from '../core/examples/index.ts';
import { createFsCapability } from '../core/tools/fs-capability.ts';
import type { FileSystem } from '../core/tools/fs.ts';
import { createMemoryFileSystem } from '../core/tools/memory-fs.ts';
import { joinPosix } from '../core/tools/posix-path.ts';
import type { FsCapabilityHost, FsEntry } from '../sandbox/types.ts';
import { openIdbFileSystem } from './fs/index.ts';

export interface WorkspaceFileSystem {
  fileSystem: FileSystem;
  /** False when IndexedDB could not be opened and files live in memory only. */
  durable: boolean;
}

/** Opens the persisted filesystem; falls back to memory (never rejects). Seeds the starter files into an empty one. */
export async function openWorkspaceFileSystem(): Promise<WorkspaceFileSystem> {
  let opened: WorkspaceFileSystem;
  try {
    opened = { fileSystem: await openIdbFileSystem(), durable: true };
  } catch {
    opened = { fileSystem: createMemoryFileSystem(), durable: false };
  }
  const { fileSystem } = opened;
  if ((await fileSystem.readdir(fileSystem.cwd)).length === 0) {
    for (const [path, text] of Object.entries(STARTER_FILES)) {
      const abs = joinPosix(fileSystem.cwd, path);
      await fileSystem.mkdir(abs.slice(0, abs.lastIndexOf('/')), { recursive: true });
      await fileSystem.writeFile(abs, text);
    }
  }
  return opened;
}

/**
 * The sandbox's `fs`, usable at once: calls wait for the filesystem to open. Directory entries carry both the
 * capability's `kind` and the sandbox contract's `type`, so tool code may read either.
 */
export function createFsCapabilityHost(ready: Promise<FileSystem>): FsCapabilityHost {
  const capability = ready.then((fs) => createFsCapability(fs));
  return {
    readFile: async (path) => (await capability).readFile(path),
    writeFile: async (path, content) => (await capability).writeFile(path, content),
    list: async (path) => {
      const entries = await (await capability).list(path);
      return entries.map((e) => ({ name: e.name, type: e.kind, kind: e.kind, size: e.size }) as FsEntry);
    },
    stat: async (path) => (await capability).stat(path),
    remove: async (path) => (await capability).remove(path),
  };
}
