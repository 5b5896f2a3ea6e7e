// pi's `edit` tool: one or more exact (or fuzzy) replacements matched against the original file, with
// pi 0.85.1's argument shim, error order and texts, BOM and line-ending preservation.
import { Type, type Static } from 'typebox';
import type { AgentTool } from '../engine/index.ts';
import { isFsError } from '../vfs/index.ts';
import { access } from './fs-errors.ts';
import { applyEdits, detectLineEnding, normalizeToLF, restoreLineEndings, splitBom, type EditPair } from './edit-apply.ts';
import { generateDiffString, generateUnifiedPatch, type EditDetails } from './edit-diff.ts';
import { resolveToCwd } from './path-resolve.ts';
import { STRICT_SAMPLING } from './sampling.ts';
import { abortError, withFileMutationQueue, type ToolRuntime } from './tool-runtime.ts';

const replaceEditSchema = Type.Object({
  oldText: Type.String({
    description:
      'Exact text for one targeted replacement. It must be unique in the original file and must not overlap with any other edits[].oldText in the same call.',
  }),
  newText: Type.String({ description: 'Replacement text for this targeted edit.' }),
}, {});

export const editSchema = Type.Object({
  path: Type.String({ description: 'Path to the file to edit (relative or absolute)' }),
  edits: Type.Array(replaceEditSchema, {
    description:
      'One or more targeted replacements. Each edit is matched against the original file, not incrementally. Do not include overlapping or nested edits. If two changes touch the same block or nearby lines, merge them into one edit instead.',
  }),
}, {});

export type EditParams = Static<typeof editSchema>;

function isEditPair(value: unknown): value is EditPair {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.oldText === 'string' && typeof v.newText === 'string';
}

/**
 * pi's shim for what models actually send: `edits` as a JSON string or a single object (fixed in place),
 * and the legacy top-level oldText/newText (appended last, in a new object without those keys).
 */
export function prepareEditArguments(input: unknown): EditParams {
  if (!input || typeof input !== 'object') return input as EditParams;
  const args = input as Record<string, unknown>;
  if (typeof args.edits === 'string') {
    try {
      const parsed: unknown = JSON.parse(args.edits);
      if (Array.isArray(parsed)) args.edits = parsed;
      else if (isEditPair(parsed)) args.edits = [parsed];
    } catch {
      // Left as is: validation then reports what is wrong with it.
    }
  } else if (isEditPair(args.edits)) {
    args.edits = [args.edits];
  }
  if (typeof args.oldText !== 'string' || typeof args.newText !== 'string') return args as EditParams;
  const edits = Array.isArray(args.edits) ? [...args.edits] : [];
  edits.push({ oldText: args.oldText, newText: args.newText });
  const { oldText: _o, newText: _n, ...rest } = args;
  return { ...rest, edits } as EditParams;
}

export function createEditTool(rt: ToolRuntime): AgentTool<typeof editSchema, EditDetails> {
  return {
    name: 'edit',
    label: 'edit',
    description:
      'Edit a single file using exact text replacement. Every edits[].oldText must match a unique, non-overlapping region of the original file. If two changes affect the same block or nearby lines, merge them into one edit instead of emitting overlapping edits. Do not include large unchanged regions just to connect distant changes.',
    parameters: editSchema,
    constrainedSampling: rt.options.experimental ? STRICT_SAMPLING : undefined,
    prepareArguments: prepareEditArguments,
    executionMode: undefined,
    async execute(toolCallId, input, signal) {
      if (!Array.isArray(input.edits) || input.edits.length === 0) {
        throw new Error('Edit tool input is invalid. edits must contain at least one replacement.');
      }
      const { path, edits } = input;
      const abs = resolveToCwd(path, rt.cwd, rt.home);
      const fs = rt.fsFor(toolCallId);
      return withFileMutationQueue(rt.base, abs, async () => {
        const throwIfAborted = () => {
          if (signal?.aborted) throw abortError();
        };
        throwIfAborted();
        try {
          await access(fs, abs);
        } catch (error) {
          throwIfAborted();
          const reason = isFsError(error) ? `Error code: ${error.code}` : String(error);
          throw new Error(`Could not edit file: ${path}. ${reason}.`);
        }
        throwIfAborted();
        const raw = await fs.readText(abs);
        throwIfAborted();
        // The model never types the invisible BOM, so it is set aside and put back afterwards.
        const { bom, text } = splitBom(raw);
        const ending = detectLineEnding(text);
        const { baseContent, newContent } = applyEdits(normalizeToLF(text), edits, path);
        throwIfAborted();
        await fs.writeFile(abs, bom + restoreLineEndings(newContent, ending));
        throwIfAborted();
        const { diff, firstChangedLine } = generateDiffString(baseContent, newContent);
        return {
          content: [{ type: 'text', text: `Successfully replaced ${edits.length} block(s) in ${path}.` }],
          details: { diff, patch: generateUnifiedPatch(path, baseContent, newContent), firstChangedLine },
        };
      });
    },
  };
}
