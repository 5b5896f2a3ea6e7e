// Renaming a tool edits its source: the `name` field is what the model sees, so the list, the schema view and
// the code must agree. Pure text edits on the first matching `name` literal; no parsing of the whole module.
import type { ToolSourceKind } from '../../storage/workspace.ts';
import { msg, type UiMessage } from '../shell/ui-message.ts';

/** pi accepts any string, but providers want `^[a-zA-Z0-9_-]{1,64}$`; the UI holds new names to that. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export type RenameOutcome =
  | { ok: true; source: string }
  /** The source has no literal `name` equal to the old name (computed, or already edited by hand). */
  | { ok: false; reason: UiMessage };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Replaces the `name: "<oldName>"` property (TypeScript: any quote style; JSON: `"name": "<oldName>"`) with
 * `newName`. A JSON-schema file without a name key keeps its source: its name lives on the file.
 */
export function renameToolInSource(source: string, kind: ToolSourceKind, oldName: string, newName: string): RenameOutcome {
  const old = escapeRegExp(oldName);
  if (kind === 'json-schema') {
    const pattern = new RegExp(`("name"\\s*:\\s*)"${old}"`);
    if (pattern.test(source)) return { ok: true, source: source.replace(pattern, (_m, head: string) => `${head}${JSON.stringify(newName)}`) };
    if (!/"name"\s*:/.test(source)) return { ok: true, source };
    return { ok: false, reason: msg('tools.rename.jsonName', { name: oldName }) };
  }
  const pattern = new RegExp(`(\\bname\\s*:\\s*)(["'\`])${old}\\2`);
  const match = pattern.exec(source);
  if (!match) return { ok: false, reason: msg('tools.rename.noName', { name: oldName }) };
  const quote = match[2];
  const start = match.index + match[1].length;
  return { ok: true, source: `${source.slice(0, start)}${quote}${newName}${quote}${source.slice(start + oldName.length + 2)}` };
}

/** `base`, or `base_2`, `base_3`, … whichever is not taken. */
export function uniqueToolName(base: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(base)) return base;
  for (let i = 2; ; i++) if (!names.has(`${base}_${i}`)) return `${base}_${i}`;
}
