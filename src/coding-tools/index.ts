// pi's built-in coding tools over a virtual filesystem: read, write, edit, ls, find and grep with pi
// 0.85.1's declarations, outputs, limits and errors, plus the filesystem, capability and snapshot helpers.
import type { AgentTool } from '../engine/index.ts';
import type { FileSystem } from '../vfs/index.ts';
import { createEditTool } from './edit.ts';
import { createFindTool } from './find.ts';
import { createGrepTool } from './grep.ts';
import { createLsTool } from './ls.ts';
import { createReadTool } from './read.ts';
import { createToolRuntime, type CodingToolsOptions } from './tool-runtime.ts';
import { createWriteTool } from './write.ts';

export type CodingToolName = 'read' | 'write' | 'edit' | 'ls' | 'find' | 'grep';

/** The six tools in pi's order for a browser tool set (pi's default set is read, bash, edit, write). */
export const CODING_TOOL_NAMES: readonly CodingToolName[] = ['read', 'write', 'edit', 'ls', 'find', 'grep'];

/**
 * Creates the six tools over `fs`. They share one per-file mutation queue (write/edit on the same path run
 * one after the other) and, when `trace` is given, report each filesystem access as a `trace_fs` event.
 * Failures are thrown as pi's tools throw them; pi's loop (and ours) turns them into error results.
 */
export function createCodingTools(fs: FileSystem, options: CodingToolsOptions = {}): AgentTool<any>[] {
  const rt = createToolRuntime(fs, options);
  return [createReadTool(rt), createWriteTool(rt), createEditTool(rt), createLsTool(rt), createFindTool(rt), createGrepTool(rt)];
}

/** The same tools keyed by name. */
export function createCodingToolMap(fs: FileSystem, options: CodingToolsOptions = {}): Record<CodingToolName, AgentTool<any>> {
  const tools = createCodingTools(fs, options);
  return Object.fromEntries(tools.map((t) => [t.name, t])) as Record<CodingToolName, AgentTool<any>>;
}

export type { CodingToolsOptions } from './tool-runtime.ts';
export type { FileSystem, FileStat, FileKind, FsChangeEvent, FsErrorCode } from '../vfs/index.ts';
export {
  FsError, isFsError, createMemoryFileSystem, DEFAULT_CWD, type InitialFiles, TreeFileSystem,
  type TreeFileSystemOptions, type FsOperation, FsTree, type FsChange, type FsRecord, createFsCapability,
  type FsCapability, type FsCapabilityEntry, type FsCapabilityOptions, traceFileSystem, snapshot, restore,
  type FsSnapshot,
} from '../vfs/index.ts';
export { DEFAULT_HOME, resolveToCwd } from './path-resolve.ts';
export { BASH_UNAVAILABLE } from './bash-unavailable.ts';
export { CODING_TOOL_PROMPTS, type ToolPromptContribution } from './prompt-contributions.ts';
export {
  DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, GREP_MAX_LINE_LENGTH, formatSize, truncateHead, truncateTail, truncateLine,
  type TruncationResult,
} from './truncate.ts';
export { prepareEditArguments } from './edit.ts';
export type { DecodedImage, EncodedMimeType, ImageCodec, ScaledImage } from './images/image-resize.ts';
export type { EditDetails } from './edit-diff.ts';
export { walkTree } from './ignore-walk.ts';
export { compileRipgrepPattern } from './rust-regex.ts';
