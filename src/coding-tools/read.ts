// pi's `read` tool over the virtual filesystem: raw text (no line numbers), offset/limit, head truncation
// with pi's continuation notices, and images as attachments (fitted into pi's limits through the image codec,
// image-process.ts). Mirrors pi 0.85.1 text for text.
import { Type, type Static } from 'typebox';
import type { ImageContent, TextContent } from '../ai/index.ts';
import type { AgentTool } from '../engine/index.ts';
import { access } from './fs-errors.ts';
import { sniffImageMimeType, IMAGE_SNIFF_BYTES } from './images/image-sniff.ts';
import { processImage } from './images/image-process.ts';
import { resolveReadPath } from './path-resolve.ts';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, truncateHead, type TruncationResult } from './truncate.ts';
import { runAbortable, type ToolRuntime } from './tool-runtime.ts';
import { decodeUtf8, utf8ByteLength } from '../vfs/index.ts';
import { STRICT_SAMPLING } from './sampling.ts';

export const readSchema = Type.Object({
  path: Type.String({ description: 'Path to the file to read (relative or absolute)' }),
  offset: Type.Optional(Type.Number({ description: 'Line number to start reading from (1-indexed)' })),
  limit: Type.Optional(Type.Number({ description: 'Maximum number of lines to read' })),
});

export type ReadParams = Static<typeof readSchema>;
export interface ReadDetails { truncation?: TruncationResult }

const NON_VISION_NOTE = '[Current model does not support images. The image will be omitted from this request.]';

export function createReadTool(rt: ToolRuntime): AgentTool<typeof readSchema, ReadDetails | undefined> {
  return {
    name: 'read',
    label: 'read',
    description: `Read the contents of a file. Supports text files and images (jpg, png, gif, webp, bmp). Images are sent as attachments. For text files, output is truncated to ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). Use offset/limit for large files. When you need the full file, continue with offset until complete.`,
    parameters: readSchema,
    constrainedSampling: rt.options.experimental ? STRICT_SAMPLING : undefined,
    prepareArguments: undefined,
    executionMode: undefined,
    execute: (toolCallId, { path, offset, limit }, signal) =>
      runAbortable(signal, async () => {
        const fs = rt.fsFor(toolCallId);
        const abs = await resolveReadPath(path, rt.cwd, fs, rt.home);
        await access(fs, abs);
        const bytes = await fs.readFile(abs);
        const mime = sniffImageMimeType(bytes.subarray(0, IMAGE_SNIFF_BYTES));
        if (mime) return { content: await imageContent(rt, bytes, mime), details: undefined };
        return readText(decodeUtf8(bytes), path, offset, limit);
      }),
  };
}

async function imageContent(rt: ToolRuntime, bytes: Uint8Array, mime: NonNullable<ReturnType<typeof sniffImageMimeType>>) {
  const model = rt.options.getModel?.();
  const note = model && !model.input.includes('image') ? NON_VISION_NOTE : undefined;
  const processed = await processImage(bytes, mime, rt.options.images);
  if (!processed.ok) {
    return [{ type: 'text', text: [`Read image file [${mime}]`, processed.message, note].filter(Boolean).join('\n') } as TextContent];
  }
  const text = [`Read image file [${processed.mimeType}]`, ...processed.hints, note].filter(Boolean).join('\n');
  return [
    { type: 'text', text } as TextContent,
    { type: 'image', data: processed.data, mimeType: processed.mimeType } as ImageContent,
  ];
}

function readText(text: string, path: string, offset: number | undefined, limit: number | undefined) {
  const allLines = text.split('\n');
  const total = allLines.length;
  // offset 0, negative or absent all mean line 1; fractions are kept, as in pi.
  const start = offset ? Math.max(0, offset - 1) : 0;
  const startDisplay = start + 1;
  if (start >= total) throw new Error(`Offset ${offset} is beyond end of file (${total} lines total)`);
  let selected: string;
  let limitedLines: number | undefined;
  if (limit !== undefined) {
    const end = Math.min(start + limit, total);
    selected = allLines.slice(start, end).join('\n');
    limitedLines = end - start;
  } else {
    selected = allLines.slice(start).join('\n');
  }
  const truncation = truncateHead(selected);
  const limitText = formatSize(DEFAULT_MAX_BYTES);
  let output: string;
  let details: ReadDetails | undefined;
  if (truncation.firstLineExceedsLimit) {
    const size = formatSize(utf8ByteLength(allLines[start]));
    output = `[Line ${startDisplay} is ${size}, exceeds ${limitText} limit. Use bash: sed -n '${startDisplay}p' ${path} | head -c ${DEFAULT_MAX_BYTES}]`;
    details = { truncation };
  } else if (truncation.truncated) {
    const endDisplay = startDisplay + truncation.outputLines - 1;
    const which = truncation.truncatedBy === 'lines' ? '' : ` (${limitText} limit)`;
    output = `${truncation.content}\n\n[Showing lines ${startDisplay}-${endDisplay} of ${total}${which}. Use offset=${endDisplay + 1} to continue.]`;
    details = { truncation };
  } else if (limitedLines !== undefined && start + limitedLines < total) {
    const remaining = total - (start + limitedLines);
    output = `${truncation.content}\n\n[${remaining} more lines in file. Use offset=${start + limitedLines + 1} to continue.]`;
  } else {
    output = truncation.content;
  }
  return { content: [{ type: 'text', text: output } as TextContent], details };
}
