// The surface of the `playground` module tool code imports (`import { fs, sleep } from "playground"`), described
// once: the sandbox runtime builds the module and its `fs` from these names, and the editor's completion, hover,
// member check and Reference read the signatures and help keys from here. playground-module.test.ts checks that
// the runtime's real exports match this description.
import type { FsOperation } from './types.ts';

export interface ModuleMember {
  name: string;
  /** Shown as code beside the name (never translated). */
  signature: string;
  /** Message key of the help text (src/ui/i18n/messages/editor-reference.ts). */
  info: string;
  /** A namespace's own members (`fs.readFile`, …). */
  members?: readonly ModuleMember[];
}

export const PLAYGROUND_MODULE_NAME = 'playground';

/** The operations of `fs`, in the order the help lists them. */
export const PLAYGROUND_FS_OPERATIONS = ['readFile', 'writeFile', 'list', 'stat', 'remove'] as const satisfies readonly FsOperation[];

const OPTIONS = 'options?: { signal?: AbortSignal }';

const FS_MEMBERS: readonly ModuleMember[] = [
  { name: 'readFile', signature: `(path: string, ${OPTIONS}) => Promise<string>`, info: 'editor.reference.fs.readFile' },
  { name: 'writeFile', signature: `(path: string, content: string, ${OPTIONS}) => Promise<void>`, info: 'editor.reference.fs.writeFile' },
  { name: 'list', signature: `(path?: string, ${OPTIONS}) => Promise<{ name: string; kind: "file" | "directory"; size: number }[]>`, info: 'editor.reference.fs.list' },
  { name: 'stat', signature: `(path: string, ${OPTIONS}) => Promise<{ kind: "file" | "directory"; size: number; mtimeMs: number }>`, info: 'editor.reference.fs.stat' },
  { name: 'remove', signature: `(path: string, ${OPTIONS}) => Promise<void>`, info: 'editor.reference.fs.remove' },
];

/** Every export of `playground`, in the order the help lists them. Also globals in tool code, without an import. */
export const PLAYGROUND_EXPORTS: readonly ModuleMember[] = [
  { name: 'fs', signature: '{ readFile, writeFile, list, stat, remove }', info: 'editor.reference.fs', members: FS_MEMBERS },
  { name: 'sleep', signature: '(ms: number, signal?: AbortSignal) => Promise<void>', info: 'editor.reference.sleep' },
];

export type PlaygroundExportName = 'fs' | 'sleep';

/** The parameters pi passes to a tool's `execute`, in order (pi-agent-core 0.85.1's AgentTool.execute). */
export const EXECUTE_PARAMETERS: readonly ModuleMember[] = [
  { name: 'toolCallId', signature: 'string', info: 'editor.reference.execute.toolCallId' },
  { name: 'params', signature: 'Static<typeof parameters>', info: 'editor.reference.execute.params' },
  { name: 'signal', signature: 'AbortSignal | undefined', info: 'editor.reference.execute.signal' },
  { name: 'onUpdate', signature: '((partial: AgentToolResult) => void) | undefined', info: 'editor.reference.execute.onUpdate' },
];

/** The export `name` (or a namespace's member, `fs.readFile`), if the module has it. */
export function playgroundMember(path: string): ModuleMember | undefined {
  const [head, member, ...rest] = path.split('.');
  const top = PLAYGROUND_EXPORTS.find((e) => e.name === head);
  if (!top || rest.length > 0) return undefined;
  if (member === undefined) return top;
  return top.members?.find((m) => m.name === member);
}
