// pi's `find` tool with fd's matching done in-process: glob on the name (or, for patterns with `/`, on
// the absolute path), smart case, hidden files, .gitignore honoured everywhere (pi passes
// --no-require-git outside repositories), directories with a trailing `/`, results sorted by path.
import { Type, type Static } from 'typebox';
import type { AgentTool } from '../engine/index.ts';
import { compileGlob, hasUppercase } from './glob.ts';
import { isInsideGitRepo, walkTree } from './ignore-walk.ts';
import { basenamePosix, relativePosix } from '../vfs/index.ts';
import { resolveToCwd } from './path-resolve.ts';
import { DEFAULT_MAX_BYTES, formatSize, truncateHead, type TruncationResult } from './truncate.ts';
import { runAbortable, type ToolRuntime } from './tool-runtime.ts';

export const findSchema = Type.Object({
  pattern: Type.String({
    description: "Glob pattern to match files, e.g. '*.ts', '**/*.json', or 'src/**/*.spec.ts'",
  }),
  path: Type.Optional(Type.String({ description: 'Directory to search in (default: current directory)' })),
  limit: Type.Optional(Type.Number({ description: 'Maximum number of results (default: 1000)' })),
});

export type FindParams = Static<typeof findSchema>;
export interface FindDetails { resultLimitReached?: number; truncation?: TruncationResult }

const DEFAULT_LIMIT = 1000;

export function createFindTool(rt: ToolRuntime): AgentTool<typeof findSchema, FindDetails | undefined> {
  return {
    name: 'find',
    label: 'find',
    description: `Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects .gitignore. Output is truncated to ${DEFAULT_LIMIT} results or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first).`,
    parameters: findSchema,
    constrainedSampling: undefined,
    prepareArguments: undefined,
    executionMode: undefined,
    execute: (toolCallId, { pattern, path, limit }, signal) =>
      runAbortable(signal, async () => {
        const fs = rt.fsFor(toolCallId);
        const searchPath = resolveToCwd(path || '.', rt.cwd, rt.home);
        const effectiveLimit = limit ?? DEFAULT_LIMIT;
        const stat = await fs.stat(searchPath).catch(() => undefined);
        if (stat?.kind !== 'directory') {
          // fd's own words for a search path that is missing or a file.
          throw new Error(`[fd error]: Search path '${searchPath}' is not a directory.\n[fd error]: No valid search paths given.`);
        }
        const compiled = compileFindPattern(pattern);
        if (!compiled.ok) throw new Error(`[fd error]: error parsing glob '${compiled.glob}': ${compiled.message}`);
        const matches = compiled.matches;
        // fd stops at --max-results; a limit that is not a positive number lets it run to the end.
        const cap = effectiveLimit >= 1 ? Math.floor(effectiveLimit) : Infinity;
        const results: string[] = [];
        await walkTree(fs, searchPath, {
          toolIgnoreFile: '.fdignore',
          // pi adds --no-require-git only outside a repository; inside one fd is git-aware as usual.
          gitignore: (await isInsideGitRepo(fs, searchPath)) ? 'in-repo' : 'always',
          signal,
          shouldStop: () => results.length >= cap,
          onEntry: (entry) => {
            if (results.length >= cap || !matches(entry.path)) return;
            const rel = relativePosix(searchPath, entry.path);
            results.push(entry.kind === 'directory' ? `${rel}/` : rel);
          },
        });
        if (results.length === 0) return { content: [{ type: 'text', text: 'No files found matching pattern' }], details: undefined };
        const truncation = truncateHead(results.join('\n'), { maxLines: Number.MAX_SAFE_INTEGER });
        const details: FindDetails = {};
        const notices: string[] = [];
        if (results.length >= effectiveLimit) {
          notices.push(`${effectiveLimit} results limit reached. Use limit=${effectiveLimit * 2} for more, or refine pattern`);
          details.resultLimitReached = effectiveLimit;
        }
        if (truncation.truncated) {
          notices.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
          details.truncation = truncation;
        }
        const text = notices.length > 0 ? `${truncation.content}\n\n[${notices.join('. ')}]` : truncation.content;
        return { content: [{ type: 'text', text }], details: Object.keys(details).length > 0 ? details : undefined };
      }),
  };
}

/**
 * pi's pattern handling in front of fd: a pattern with `/` is matched against the absolute path
 * (prefixed with `**\/` unless anchored), anything else against the entry's name. Empty matches all.
 * A malformed glob comes back with the glob fd was given, for fd's error text.
 */
export function compileFindPattern(pattern: string):
  | { ok: true; matches: (absolutePath: string) => boolean }
  | { ok: false; glob: string; message: string } {
  if (pattern === '') return { ok: true, matches: () => true };
  const caseInsensitive = !hasUppercase(pattern);
  if (pattern.includes('/')) {
    const glob = pattern.startsWith('/') || pattern.startsWith('**/') || pattern === '**' ? pattern : `**/${pattern}`;
    const compiled = compileGlob(glob, { literalSeparator: true, caseInsensitive });
    return compiled.ok ? { ok: true, matches: compiled.test } : { ok: false, glob, message: compiled.message };
  }
  const compiled = compileGlob(pattern, { caseInsensitive });
  return compiled.ok
    ? { ok: true, matches: (p) => compiled.test(basenamePosix(p)) }
    : { ok: false, glob: pattern, message: compiled.message };
}
