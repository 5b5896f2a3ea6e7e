// pi's `grep` tool with ripgrep's search done in-process: Rust-regex patterns (or literals), ignore files
// as rg applies them, binary files skipped in a walk, glob overrides, context lines re-read the way pi
// does, and pi 0.85.1's match limit, byte limit, long-line notices and error texts.
import { Type, type Static } from 'typebox';
import type { AgentTool } from '../engine/index.ts';
import type { FileSystem } from '../vfs/index.ts';
import { compileGrepGlob } from './grep-glob.ts';
import { walkTree } from './ignore-walk.ts';
import { basenamePosix, relativePosix } from '../vfs/index.ts';
import { resolveToCwd } from './path-resolve.ts';
import { compileRipgrepPattern } from './rust-regex.ts';
import { DEFAULT_MAX_BYTES, formatSize, GREP_MAX_LINE_LENGTH, truncateHead, truncateLine, type TruncationResult } from './truncate.ts';
import { runAbortable, type ToolRuntime } from './tool-runtime.ts';
import { utf8ByteLength } from '../vfs/index.ts';

export const grepSchema = Type.Object({
  pattern: Type.String({ description: 'Search pattern (regex or literal string)' }),
  path: Type.Optional(Type.String({ description: 'Directory or file to search (default: current directory)' })),
  glob: Type.Optional(Type.String({ description: "Filter files by glob pattern, e.g. '*.ts' or '**/*.spec.ts'" })),
  ignoreCase: Type.Optional(Type.Boolean({ description: 'Case-insensitive search (default: false)' })),
  literal: Type.Optional(Type.Boolean({ description: 'Treat pattern as literal string instead of regex (default: false)' })),
  context: Type.Optional(Type.Number({ description: 'Number of lines to show before and after each match (default: 0)' })),
  limit: Type.Optional(Type.Number({ description: 'Maximum number of matches to return (default: 100)' })),
});

export type GrepParams = Static<typeof grepSchema>;
export interface GrepDetails { matchLimitReached?: number; truncation?: TruncationResult; linesTruncated?: boolean }

const DEFAULT_LIMIT = 100;
// rg stops a file at the first NUL byte it reads; a NUL in its first 64 KiB buffer hides the whole file.
const RG_BUFFER_BYTES = 64 * 1024;

interface Match { file: string; lineNumber: number; lineText: string }

export function createGrepTool(rt: ToolRuntime): AgentTool<typeof grepSchema, GrepDetails | undefined> {
  return {
    name: 'grep',
    label: 'grep',
    description: `Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. Output is truncated to ${DEFAULT_LIMIT} matches or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). Long lines are truncated to ${GREP_MAX_LINE_LENGTH} chars.`,
    parameters: grepSchema,
    constrainedSampling: undefined,
    prepareArguments: undefined,
    executionMode: undefined,
    execute: (toolCallId, params, signal) => runAbortable(signal, () => runGrep(rt, rt.fsFor(toolCallId), params, signal)),
  };
}

async function runGrep(rt: ToolRuntime, fs: FileSystem, params: GrepParams, signal?: AbortSignal) {
  const { pattern, path, glob, ignoreCase, literal, context, limit } = params;
  const searchPath = resolveToCwd(path || '.', rt.cwd, rt.home);
  const stat = await fs.stat(searchPath).catch(() => undefined);
  if (!stat) throw new Error(`Path not found: ${searchPath}`);
  const isDirectory = stat.kind === 'directory';
  const contextValue = context && context > 0 ? context : 0;
  const effectiveLimit = Math.max(1, limit ?? DEFAULT_LIMIT);
  const compiled = compileRipgrepPattern(pattern, { ignoreCase, literal });
  if (!compiled.ok) throw new Error(compiled.message);
  const globbed = glob ? compileGrepGlob(glob, rt.cwd) : undefined;
  if (globbed && !globbed.ok) throw new Error(globbed.message);
  const override = globbed?.decide;

  // As pi: relative to a searched directory (a name starting with `..` falls back to the base name), with
  // every backslash shown as `/` (pi normalises Windows separators, so `a\b.txt` prints as `a/b.txt`).
  const formatPath = (file: string) => {
    const rel = isDirectory ? relativePosix(searchPath, file) : '';
    return rel && !rel.startsWith('..') ? rel.replace(/\\/g, '/') : basenamePosix(file);
  };
  const matches: Match[] = [];
  const searchFile = async (file: string, skipBinary: boolean) => {
    let text: string;
    try {
      text = await fs.readText(file);
    } catch {
      return;
    }
    // A NUL byte decodes to U+0000, so the text tells where rg's binary detection would stop.
    const nul = skipBinary ? text.indexOf('\0') : -1;
    if (nul !== -1) {
      if (utf8ByteLength(text.slice(0, nul)) < RG_BUFFER_BYTES) return;
      text = text.slice(0, text.lastIndexOf('\n', nul) + 1);
    }
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    for (let i = 0; i < lines.length && matches.length < effectiveLimit; i++) {
      if (compiled.regex.test(lines[i])) matches.push({ file, lineNumber: i + 1, lineText: lines[i] });
    }
  };

  if (isDirectory) {
    const files: string[] = [];
    await walkTree(fs, searchPath, {
      toolIgnoreFile: '.rgignore',
      gitignore: 'in-repo',
      signal,
      override,
      onEntry: (entry) => {
        if (entry.kind === 'file') files.push(entry.path);
      },
    });
    for (const file of files) {
      if (matches.length >= effectiveLimit || signal?.aborted) break;
      await searchFile(file, true);
    }
  } else {
    // A file named explicitly is searched even if binary, and the glob does not filter it.
    await searchFile(searchPath, false);
  }

  if (matches.length === 0) return { content: [{ type: 'text' as const, text: 'No matches found' }], details: undefined };
  const matchLimitReached = matches.length >= effectiveLimit;
  let linesTruncated = false;
  const cut = (text: string) => {
    const t = truncateLine(text);
    if (t.wasTruncated) linesTruncated = true;
    return t.text;
  };
  const reread = new Map<string, string[]>();
  const output: string[] = [];
  for (const m of matches) {
    const shown = formatPath(m.file);
    if (contextValue === 0) {
      output.push(`${shown}:${m.lineNumber}: ${cut(m.lineText.replace(/\r/g, ''))}`);
      continue;
    }
    // As pi: context comes from a fresh read with every \r\n and lone \r taken as a line break.
    let lines = reread.get(m.file);
    if (!lines) {
      lines = await fs.readText(m.file).then((t) => t.replace(/\r\n/g, '\n').replace(/\r/g, '\n').split('\n'), () => []);
      reread.set(m.file, lines);
    }
    if (lines.length === 0) {
      output.push(`${shown}:${m.lineNumber}: (unable to read file)`);
      continue;
    }
    const from = Math.max(1, m.lineNumber - contextValue);
    const to = Math.min(lines.length, m.lineNumber + contextValue);
    for (let n = from; n <= to; n++) {
      const text = cut((lines[n - 1] ?? '').replace(/\r/g, ''));
      output.push(n === m.lineNumber ? `${shown}:${n}: ${text}` : `${shown}-${n}- ${text}`);
    }
  }
  const truncation = truncateHead(output.join('\n'), { maxLines: Number.MAX_SAFE_INTEGER });
  const details: GrepDetails = {};
  const notices: string[] = [];
  if (matchLimitReached) {
    notices.push(`${effectiveLimit} matches limit reached. Use limit=${effectiveLimit * 2} for more, or refine pattern`);
    details.matchLimitReached = effectiveLimit;
  }
  if (truncation.truncated) {
    notices.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
    details.truncation = truncation;
  }
  if (linesTruncated) {
    notices.push(`Some lines truncated to ${GREP_MAX_LINE_LENGTH} chars. Use read tool to see full lines`);
    details.linesTruncated = true;
  }
  const text = notices.length > 0 ? `${truncation.content}\n\n[${notices.join('. ')}]` : truncation.content;
  return { content: [{ type: 'text' as const, text }], details: Object.keys(details).length > 0 ? details : undefined };
}
