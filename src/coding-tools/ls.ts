// pi's `ls` tool: direct children sorted case-insensitively, `/` after directories, dotfiles included,
// no ignore rules; entry and byte limits with pi 0.85.1's notices.
import { Type, type Static } from 'typebox';
import type { AgentTool } from '../engine/index.ts';
import { statOrUndefined } from './fs-errors.ts';
import { joinPosix } from '../vfs/index.ts';
import { resolveToCwd } from './path-resolve.ts';
import { DEFAULT_MAX_BYTES, formatSize, truncateHead, type TruncationResult } from './truncate.ts';
import { runAbortable, type ToolRuntime } from './tool-runtime.ts';

export const lsSchema = Type.Object({
  path: Type.Optional(Type.String({ description: 'Directory to list (default: current directory)' })),
  limit: Type.Optional(Type.Number({ description: 'Maximum number of entries to return (default: 500)' })),
});

export type LsParams = Static<typeof lsSchema>;
export interface LsDetails { entryLimitReached?: number; truncation?: TruncationResult }

const DEFAULT_LIMIT = 500;

// pi sorts with the host's default locale; en-US is what it shows on a typical Linux machine, and naming
// it keeps the order the same in every browser.
const collator = new Intl.Collator('en-US');

export function createLsTool(rt: ToolRuntime): AgentTool<typeof lsSchema, LsDetails | undefined> {
  return {
    name: 'ls',
    label: 'ls',
    description: `List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. Includes dotfiles. Output is truncated to ${DEFAULT_LIMIT} entries or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first).`,
    parameters: lsSchema,
    constrainedSampling: undefined,
    prepareArguments: undefined,
    executionMode: undefined,
    execute: (toolCallId, { path, limit }, signal) =>
      runAbortable(signal, async () => {
        const fs = rt.fsFor(toolCallId);
        const dir = resolveToCwd(path || '.', rt.cwd, rt.home);
        const effectiveLimit = limit ?? DEFAULT_LIMIT;
        const stat = await statOrUndefined(fs, dir);
        if (!stat) throw new Error(`Path not found: ${dir}`);
        if (stat.kind !== 'directory') throw new Error(`Not a directory: ${dir}`);
        let names: string[];
        try {
          names = await fs.readdir(dir);
        } catch (error) {
          throw new Error(`Cannot read directory: ${(error as Error).message}`);
        }
        names.sort((a, b) => collator.compare(a.toLowerCase(), b.toLowerCase()));
        const entries: string[] = [];
        let entryLimitReached = false;
        for (const name of names) {
          if (entries.length >= effectiveLimit) {
            entryLimitReached = true;
            break;
          }
          const entry = await statOrUndefined(fs, joinPosix(dir, name));
          // pi drops what it cannot stat (a broken link on a real disk).
          if (!entry) continue;
          entries.push(entry.kind === 'directory' ? `${name}/` : name);
        }
        if (entries.length === 0) return { content: [{ type: 'text', text: '(empty directory)' }], details: undefined };
        const truncation = truncateHead(entries.join('\n'), { maxLines: Number.MAX_SAFE_INTEGER });
        const details: LsDetails = {};
        const notices: string[] = [];
        if (entryLimitReached) {
          notices.push(`${effectiveLimit} entries limit reached. Use limit=${effectiveLimit * 2} for more`);
          details.entryLimitReached = effectiveLimit;
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
