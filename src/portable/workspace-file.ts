// The workspace as a file (`.pi-playground.json`): a small envelope naming the format and its version around the
// same workspace document a share link carries. Reading also recognises what people pick by mistake (a pi
// session, a scenario, any other JSON) and says what was expected instead.
import { refuse, type Refusal } from './errors.ts';
import { checkWorkspace, isRecord, type Workspace } from './workspace-shape.ts';

export const WORKSPACE_FILE_FORMAT = 'pi-playground-workspace';
export const WORKSPACE_FILE_VERSION = 1;
export const WORKSPACE_FILE_EXTENSION = '.pi-playground.json';
export const MAX_WORKSPACE_FILE_BYTES = 32 * 1024 * 1024;

export interface WorkspaceFile {
  format: typeof WORKSPACE_FILE_FORMAT;
  version: number;
  /** ISO time of the export; informative only. */
  exportedAt?: string;
  workspace: Workspace;
}

export function encodeWorkspaceFile(workspace: Workspace, exportedAt?: Date): string {
  const file: WorkspaceFile = {
    format: WORKSPACE_FILE_FORMAT,
    version: WORKSPACE_FILE_VERSION,
    ...(exportedAt ? { exportedAt: exportedAt.toISOString() } : {}),
    workspace,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** `pi-playground-<slug>-<yyyy-mm-dd>.pi-playground.json` style name for a download. */
export function workspaceFileName(stem: string, date: Date): string {
  const slug = stem.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'workspace';
  return `${slug}-${date.toISOString().slice(0, 10)}${WORKSPACE_FILE_EXTENSION}`;
}

/** Line and column (1-based) of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

function describeJsonError(text: string, error: unknown): { line: number; column: number; detail: string } {
  const message = error instanceof Error ? error.message : String(error);
  const at = /position (\d+)/.exec(message);
  const lineCol = /line (\d+) column (\d+)/.exec(message);
  const where = at ? lineColumn(text, Number(at[1]))
    : lineCol ? { line: Number(lineCol[1]), column: Number(lineCol[2]) } : lineColumn(text, text.length);
  const detail = message.replace(/^JSON\.parse: /, '').replace(/ (in JSON )?at (position|line) .*$/, '');
  return { ...where, detail };
}

function looksLikeSession(text: string): boolean {
  const first = text.trimStart().split('\n', 1)[0];
  try {
    const value = JSON.parse(first) as unknown;
    return isRecord(value) && value.type === 'session';
  } catch {
    return false;
  }
}

/** Reads a workspace file (or a bare workspace, as the app's older "Download workspace" wrote it). Never throws. */
export function parseWorkspaceFile(text: string, byteLength = text.length): { ok: true; file: WorkspaceFile } | Refusal {
  if (byteLength > MAX_WORKSPACE_FILE_BYTES) {
    return refuse('file-too-large', { sizeMb: Math.ceil(byteLength / 1024 / 1024), limitMb: MAX_WORKSPACE_FILE_BYTES / 1024 / 1024 });
  }
  if (text.trim() === '') return refuse('file-empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (looksLikeSession(text)) return refuse('file-is-session');
    return refuse('file-not-json', describeJsonError(text, error));
  }
  if (isRecord(value) && value.format === WORKSPACE_FILE_FORMAT) {
    if (typeof value.version !== 'number' || value.version > WORKSPACE_FILE_VERSION || value.version < 1) {
      return refuse('file-version', { version: String(value.version), supported: WORKSPACE_FILE_VERSION });
    }
    const checked = checkWorkspace(value.workspace);
    if (!checked.ok) return checked;
    const file: WorkspaceFile = { format: WORKSPACE_FILE_FORMAT, version: value.version, workspace: checked.workspace };
    if (typeof value.exportedAt === 'string') file.exportedAt = value.exportedAt;
    return { ok: true, file };
  }
  if (isRecord(value) && value.type === 'session') return refuse('file-is-session');
  if (isRecord(value) && Array.isArray(value.turns) && 'prompt' in value) return refuse('file-is-scenario');
  if (isRecord(value) && Array.isArray(value.tools) && 'settings' in value && !('format' in value)) {
    const checked = checkWorkspace(value);
    if (!checked.ok) return checked;
    return { ok: true, file: { format: WORKSPACE_FILE_FORMAT, version: WORKSPACE_FILE_VERSION, workspace: checked.workspace } };
  }
  const found = isRecord(value) && typeof value.format === 'string' ? `"format": ${JSON.stringify(value.format)}` : describeKind(value);
  return refuse('file-format', { found });
}

/** A language-neutral glimpse of what the file holds: `[…]`, `{ "name", "version", … }`, `42`. */
function describeKind(value: unknown): string {
  if (Array.isArray(value)) return '[…]';
  if (value === null || typeof value !== 'object') return JSON.stringify(value).slice(0, 40);
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  return `{ ${keys.slice(0, 4).map((k) => JSON.stringify(k)).join(', ')}${keys.length > 4 ? ', …' : ''} }`;
}
