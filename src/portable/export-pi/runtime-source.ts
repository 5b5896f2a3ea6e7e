// The Node stand-ins for the playground's helpers, as source text: `sleep` on setTimeout (resolving early on
// abort, like the playground's clock) and `fs` on node:fs/promises relative to a root folder, with error
// messages naming paths under /workspace as the virtual filesystem does. Emitted as its own module in a bundle,
// or inlined into a single exported tool.

export const RUNTIME_MODULE_FILE = 'playground-runtime.ts';
/** The virtual filesystem's working directory, as it appears in error messages. */
export const VIRTUAL_ROOT = '/workspace';

const HEADER = `// The pi tool playground's helpers for Node: sleep() on setTimeout and fs on node:fs/promises, with paths
// relative to a workspace folder (default: the current directory). Error messages name paths under
// ${VIRTUAL_ROOT}, as the playground's virtual filesystem does.`;

const SLEEP = `/** Waits \`ms\` milliseconds; resolves early (never rejects) when \`signal\` aborts, as in the playground. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", finish);
      resolve();
    };
    const timer = setTimeout(finish, Math.max(0, Number(ms) || 0));
    signal?.addEventListener("abort", finish, { once: true });
  });
}`;

function fsSource(rootExpression: string): string {
  return `let workspaceRoot = ${rootExpression};
let pendingFsCalls = 0;

/** Runs one filesystem call; errors name the path as the playground shows it (under ${VIRTUAL_ROOT}). */
async function fsCall<T>(work: () => Promise<T>): Promise<T> {
  pendingFsCalls++;
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error) error.message = error.message.split(workspaceRoot).join(${JSON.stringify(VIRTUAL_ROOT)});
    throw error;
  } finally {
    pendingFsCalls--;
  }
}

const inWorkspace = (path: string) => nodePath.resolve(workspaceRoot, String(path));

type FileKind = "file" | "directory";

/** The playground's \`fs\`: text files, paths relative to the workspace root. */
const fs = {
  readFile: (path: string): Promise<string> => fsCall(() => nodeFs.readFile(inWorkspace(path), "utf8")),
  /** Creates missing parent folders, like the playground's fs.writeFile. */
  writeFile: (path: string, text: string): Promise<void> =>
    fsCall(async () => {
      const file = inWorkspace(path);
      await nodeFs.mkdir(nodePath.dirname(file), { recursive: true });
      await nodeFs.writeFile(file, typeof text === "string" ? text : String(text));
    }),
  /** Direct children sorted by name; a folder's size is 0, as in the playground. */
  list: (path = "."): Promise<{ name: string; kind: FileKind; type: FileKind; size: number }[]> =>
    fsCall(async () => {
      const dir = inWorkspace(path);
      const names = (await nodeFs.readdir(dir)).sort();
      const entries = [];
      for (const name of names) {
        const info = await nodeFs.stat(nodePath.join(dir, name)).catch(() => undefined);
        if (!info) continue;
        const kind: FileKind = info.isDirectory() ? "directory" : "file";
        entries.push({ name, kind, type: kind, size: kind === "directory" ? 0 : info.size });
      }
      return entries;
    }),
  stat: (path: string): Promise<{ kind: FileKind; size: number; mtimeMs: number }> =>
    fsCall(async () => {
      const info = await nodeFs.stat(inWorkspace(path));
      const kind: FileKind = info.isDirectory() ? "directory" : "file";
      return { kind, size: kind === "directory" ? 0 : info.size, mtimeMs: info.mtimeMs };
    }),
  /** Removes a file, or a folder with everything in it. */
  remove: (path: string): Promise<void> => fsCall(() => nodeFs.rm(inWorkspace(path), { recursive: true })),
};`;
}

const NODE_IMPORTS = `import * as nodeFs from "node:fs/promises";
import * as nodePath from "node:path";`;

/** The whole `playground-runtime.ts` module of a bundle. */
export function createRuntimeModule(): string {
  return `${HEADER}
${NODE_IMPORTS}

${SLEEP}

${fsSource('process.cwd()')}

export { fs, sleep };

/** Where relative fs paths resolve; the replay tests point it at their copy of the playground's files. */
export function setWorkspaceRoot(dir: string): void {
  workspaceRoot = nodePath.resolve(dir);
}

/** How many fs calls are in flight (the replay waits for them before it moves virtual time on). */
export function pendingFileOperations(): number {
  return pendingFsCalls;
}
`;
}

/** Definitions of the helpers a single exported file uses, to paste below its imports. */
export function createInlineHelpers(uses: { sleep: boolean; fs: boolean }): { imports: string; body: string } {
  const parts: string[] = [];
  if (uses.sleep) parts.push(SLEEP);
  if (uses.fs) parts.push(fsSource('process.cwd()'));
  return {
    imports: uses.fs ? NODE_IMPORTS : '',
    body: parts.length ? `// The playground's helpers, for Node (exported from the pi tool playground).\n${parts.join('\n\n')}` : '',
  };
}
