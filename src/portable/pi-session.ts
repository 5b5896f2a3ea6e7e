// Reads a session file written by pi's coding agent (JSONL: a `session` header, then entries linked by parentId;
// format version 3 in pi 0.85.1, older versions migrated as pi does) and turns the branch it ends on into a
// scenario: the user's messages become the prompt, steering and follow-up messages, the assistant's messages the
// scripted turns. Tool results are not scripted: the playground runs the tools again, in /workspace where the
// session's own folder was. Never throws.
import type { BlockTurnFile, ScenarioFile } from '../recording/scenario/index.ts';
import { CODING_TOOL_NAMES, type CodingToolName } from '../coding-tools/index.ts';
import { refuse, type Refusal } from './errors.ts';
import { isRecord } from './workspace-shape.ts';

/** pi 0.85.1's CURRENT_SESSION_VERSION. */
export const PI_SESSION_VERSION = 3;
/** Where the playground's files are; the session's folder is mapped here. */
const PLAYGROUND_CWD = '/workspace';
/** A readable streaming pace for the replay (whole milliseconds per chunk, so exports compare times exactly). */
export const IMPORTED_TIMING = { tokenSize: 2, tokensPerSecond: 50 } as const;

export type SessionNoteCode =
  | 'images-dropped' | 'unknown-entries' | 'compaction' | 'branch-summary' | 'other-branches' | 'custom-messages'
  | 'bash-unavailable' | 'unknown-tools' | 'stop-reason' | 'redacted-thinking';

/** Something the scenario does not carry over from the session, for the import dialog to explain. */
export interface SessionNote {
  code: SessionNoteCode;
  params: Record<string, string | number>;
}

export interface ImportedSession {
  /** The session's name (session_info), else the start of its first prompt. */
  title: string;
  /** A session has only what the model said: block turns. */
  scenario: Omit<ScenarioFile, 'turns'> & { turns: BlockTurnFile[] };
  /** pi's built-in coding tools the session called, in pi's order. */
  codingTools: CodingToolName[];
  /** Other tool names it called (bash, extension tools): the replay answers "Tool … not found" unless they exist. */
  otherTools: string[];
  /** What the session's own tools answered, by tool call id, to compare with the replay. */
  results: Record<string, { isError: boolean; text: string }>;
  /** Files as the session first read them whole (before changing them): a starting point for the replay. */
  files: Record<string, string>;
  info: { id: string; cwd: string; version: number; model?: string; lines: number; messages: number };
  notes: SessionNote[];
}

type Entry = Record<string, unknown> & { type: string; line: number };

/** Every string in `value` with the session's folder written as the playground's (`/home/me/app/x` → `/workspace/x`). */
function relocate(value: unknown, cwd: string): unknown {
  if (!cwd || cwd === '/') return value;
  if (typeof value === 'string') return value.split(cwd).join(PLAYGROUND_CWD);
  if (Array.isArray(value)) return value.map((v) => relocate(v, cwd));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relocate(v, cwd)]));
  return value;
}

const KNOWN_TYPES = new Set(['message', 'thinking_level_change', 'model_change', 'compaction', 'branch_summary', 'custom', 'custom_message', 'label', 'session_info']);
const STOP_REASONS = new Set(['stop', 'length', 'toolUse', 'error', 'aborted']);

function textOf(content: unknown, onImage: () => void): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) {
    if (isRecord(block) && block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    else if (isRecord(block) && block.type === 'image') onImage();
  }
  return parts.join('\n');
}

function readLines(text: string): { ok: true; entries: Entry[]; header: Record<string, unknown>; lines: number } | Refusal {
  const lines = text.split(/\r?\n/);
  const entries: Entry[] = [];
  let header: Record<string, unknown> | undefined;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      const detail = error instanceof Error ? error.message.replace(/ (in JSON )?at (position|line) .*$/, '') : String(error);
      if (!header && i === 0 && !raw.startsWith('{')) return refuse('session-no-header', { line: i + 1 });
      const last = lines.slice(i + 1).every((l) => l.trim() === '');
      return refuse(last ? 'session-last-line-cut' : 'session-line-json', { line: i + 1, detail });
    }
    if (!header) {
      if (!isRecord(value) || value.type !== 'session') return refuse('session-no-header', { line: i + 1 });
      header = value;
      continue;
    }
    if (!isRecord(value) || typeof value.type !== 'string') return refuse('session-entry', { line: i + 1, expected: 'entryType' });
    if (value.type === 'message' && (!isRecord(value.message) || typeof value.message.role !== 'string')) {
      return refuse('session-entry', { line: i + 1, expected: 'messageRole' });
    }
    entries.push({ ...value, type: value.type, line: i + 1 });
  }
  if (!header) return refuse('session-empty');
  return { ok: true, entries, header, lines: lines.filter((l) => l.trim() !== '').length };
}

/** The entries of the branch the file ends on, root first (pi's leaf is the last entry). Version 1 files are linear. */
function branchOf(entries: Entry[], version: number): { path: Entry[]; others: number } {
  if (version < 2 || entries.length === 0) return { path: entries, others: 0 };
  const byId = new Map<string, Entry>();
  for (const entry of entries) if (typeof entry.id === 'string') byId.set(entry.id, entry);
  const path: Entry[] = [];
  const seen = new Set<Entry>();
  for (let at: Entry | undefined = entries[entries.length - 1]; at && !seen.has(at); at = typeof at.parentId === 'string' ? byId.get(at.parentId) : undefined) {
    seen.add(at);
    path.push(at);
  }
  path.reverse();
  return { path, others: entries.length - path.length };
}

export function parsePiSession(text: string): { ok: true; session: ImportedSession } | Refusal {
  if (text.trim() === '') return refuse('session-empty');
  const read = readLines(text);
  if (!read.ok) return read;
  const version = typeof read.header.version === 'number' ? read.header.version : 1;
  if (version > PI_SESSION_VERSION || version < 1) return refuse('session-version', { version, supported: PI_SESSION_VERSION });

  const cwd = typeof read.header.cwd === 'string' ? read.header.cwd.replace(/\/+$/, '') : '';
  const notes: SessionNote[] = [];
  const note = (code: SessionNoteCode, params: Record<string, string | number> = {}) => notes.push({ code, params });
  const { path, others } = branchOf(read.entries, version);
  if (others > 0) note('other-branches', { count: others });
  const unknown = read.entries.filter((e) => !KNOWN_TYPES.has(e.type));
  if (unknown.length) note('unknown-entries', { count: unknown.length, types: [...new Set(unknown.map((e) => e.type))].join(', ') });

  let images = 0;
  let title = '';
  let model: string | undefined;
  const prompts: string[] = [];
  const turns: BlockTurnFile[] = [];
  const steering: NonNullable<ScenarioFile['steering']> = [];
  const followUp: NonNullable<ScenarioFile['followUp']> = [];
  const called = new Set<string>();
  const results: ImportedSession['results'] = {};
  const files: Record<string, string> = {};
  const changed = new Set<string>();
  const readCalls = new Map<string, string>();
  let messages = 0;
  let customMessages = 0;

  for (const entry of path) {
    if (entry.type === 'session_info' && typeof entry.name === 'string' && entry.name.trim()) title = entry.name.trim();
    if (entry.type === 'model_change' && typeof entry.provider === 'string' && typeof entry.modelId === 'string') model = `${entry.provider}/${entry.modelId}`;
    if (entry.type === 'compaction') note('compaction', { line: entry.line });
    if (entry.type === 'branch_summary') note('branch-summary', { line: entry.line });
    if (entry.type === 'custom_message') customMessages++;
    if (entry.type !== 'message') continue;
    const message = entry.message as Record<string, unknown>;
    const role = version < 3 && message.role === 'hookMessage' ? 'custom' : message.role;
    messages++;
    if (role === 'user') {
      const text = textOf(message.content, () => images++);
      const last = turns[turns.length - 1];
      if (turns.length === 0) prompts.push(text);
      else if (last && Array.isArray(last.content) && last.content.some((b) => b.type === 'toolCall') && last.stopReason === 'toolUse') {
        steering.push({ text, at: { beforeTurn: turns.length + 1 } });
      } else followUp.push({ text });
    } else if (role === 'assistant') {
      const content: Exclude<BlockTurnFile['content'], string> = [];
      for (const block of Array.isArray(message.content) ? message.content : []) {
        if (!isRecord(block)) continue;
        if (block.type === 'text' && typeof block.text === 'string') content.push({ type: 'text', text: block.text });
        else if (block.type === 'thinking' && typeof block.thinking === 'string') {
          if (block.redacted === true) note('redacted-thinking', { line: entry.line });
          else content.push({ type: 'thinking', thinking: block.thinking });
        } else if (block.type === 'toolCall' && typeof block.name === 'string' && block.name !== '') {
          const call: Exclude<BlockTurnFile['content'], string>[number] = { type: 'toolCall', name: block.name, arguments: relocate(block.arguments ?? {}, cwd) };
          if (typeof block.id === 'string' && block.id !== '') call.id = block.id;
          if (block.arguments !== undefined && !isRecord(block.arguments)) call.nonObjectArguments = true;
          content.push(call);
          called.add(block.name);
          const args = isRecord(call.arguments) ? call.arguments : {};
          // Files are keyed relative to the workspace; paths outside it are not files the replay can have.
          const filePath = typeof args.path === 'string' ? args.path.replace(/^\/workspace\//, '').replace(/^\.\//, '') : undefined;
          if (filePath !== undefined && !filePath.startsWith('/') && !filePath.startsWith('../')) {
            if (block.name === 'read' && args.offset === undefined && args.limit === undefined && typeof block.id === 'string') readCalls.set(block.id, filePath);
            if (block.name === 'write' || block.name === 'edit') changed.add(filePath);
          }
        }
      }
      const rawStop = typeof message.stopReason === 'string' ? message.stopReason : 'stop';
      const stopReason = (STOP_REASONS.has(rawStop) ? rawStop : 'stop') as NonNullable<BlockTurnFile['stopReason']>;
      if (stopReason !== rawStop) note('stop-reason', { line: entry.line, stopReason: rawStop });
      const turn: BlockTurnFile = { content, stopReason };
      if ((stopReason === 'error' || stopReason === 'aborted') && typeof message.errorMessage === 'string') turn.errorMessage = message.errorMessage;
      turns.push(turn);
    } else if (role === 'toolResult' && typeof message.toolCallId === 'string') {
      const text = relocate(textOf(message.content, () => images++), cwd) as string;
      results[message.toolCallId] = { isError: message.isError === true, text };
      const readPath = readCalls.get(message.toolCallId);
      // A whole file as read before anything changed it (pi marks cut-off reads with a continuation hint).
      if (readPath && message.isError !== true && !changed.has(readPath) && !(readPath in files) && !/\n\n\[(?:Showing|\d+ more)[^\n]*\]$/.test(text)) {
        files[readPath] = text;
      }
    } else if (role === 'custom') customMessages++;
  }
  if (customMessages) note('custom-messages', { count: customMessages });
  if (images) note('images-dropped', { count: images });
  if (prompts.length === 0) return refuse('session-no-prompt');

  const codingTools = CODING_TOOL_NAMES.filter((name) => called.has(name));
  const otherTools = [...called].filter((name) => !(CODING_TOOL_NAMES as readonly string[]).includes(name));
  if (called.has('bash')) note('bash-unavailable');
  const unknownTools = otherTools.filter((name) => name !== 'bash');
  if (unknownTools.length) note('unknown-tools', { names: unknownTools.join(', ') });

  const id = typeof read.header.id === 'string' ? read.header.id : '';
  if (!title) title = prompts[0].replace(/\s+/g, ' ').trim().slice(0, 60) || id;
  const scenario: Omit<ScenarioFile, 'turns'> & { turns: BlockTurnFile[] } = { title, prompt: prompts.length === 1 ? prompts[0] : prompts, timing: { ...IMPORTED_TIMING }, turns };
  if (steering.length) scenario.steering = steering;
  if (followUp.length) scenario.followUp = followUp;
  return {
    ok: true,
    session: {
      title, scenario, codingTools, otherTools, results, files, notes,
      info: {
        id, cwd, version,
        ...(model ? { model } : {}), lines: read.lines, messages,
      },
    },
  };
}
