// pi's `write` tool: create parents, write the content byte for byte as UTF-8, report the path as typed.
// Runs inside the per-file mutation queue and checks the signal after each step, as pi 0.85.1 does.
import { Type, type Static } from 'typebox';
import type { AgentTool } from '../engine/index.ts';
import { dirnamePosix } from '../vfs/index.ts';
import { resolveToCwd } from './path-resolve.ts';
import { STRICT_SAMPLING } from './sampling.ts';
import { abortError, withFileMutationQueue, type ToolRuntime } from './tool-runtime.ts';

export const writeSchema = Type.Object({
  path: Type.String({ description: 'Path to the file to write (relative or absolute)' }),
  content: Type.String({ description: 'Content to write to the file' }),
});

export type WriteParams = Static<typeof writeSchema>;

export function createWriteTool(rt: ToolRuntime): AgentTool<typeof writeSchema, undefined> {
  return {
    name: 'write',
    label: 'write',
    description:
      "Write content to a file. Creates the file if it doesn't exist, overwrites if it does. Automatically creates parent directories.",
    parameters: writeSchema,
    constrainedSampling: rt.options.experimental ? STRICT_SAMPLING : undefined,
    prepareArguments: undefined,
    executionMode: undefined,
    async execute(toolCallId, { path, content }, signal) {
      const abs = resolveToCwd(path, rt.cwd, rt.home);
      const fs = rt.fsFor(toolCallId);
      return withFileMutationQueue(rt.base, abs, async () => {
        // Checking after each await (rather than rejecting from a listener) keeps the queue locked until
        // the current filesystem step has settled.
        const throwIfAborted = () => {
          if (signal?.aborted) throw abortError();
        };
        throwIfAborted();
        await fs.mkdir(dirnamePosix(abs), { recursive: true });
        throwIfAborted();
        await fs.writeFile(abs, content);
        throwIfAborted();
        return { content: [{ type: 'text', text: `Successfully wrote to ${path}` }], details: undefined };
      });
    },
  };
}
