// Output limits and truncation, as pi 0.85.1's tools apply them: whole lines only, UTF-8 byte counts,
// a trailing newline is not an extra line. The notice texts built on these live in each tool.
import { utf8ByteLength, encodeUtf8, decodeUtf8 } from '../vfs/index.ts';

export const DEFAULT_MAX_LINES = 2000;
export const DEFAULT_MAX_BYTES = 50 * 1024;
export const GREP_MAX_LINE_LENGTH = 500;

/** pi's TruncationResult (details.truncation), field for field. */
export interface TruncationResult {
  content: string;
  truncated: boolean;
  truncatedBy: 'lines' | 'bytes' | null;
  totalLines: number;
  totalBytes: number;
  outputLines: number;
  outputBytes: number;
  lastLinePartial: boolean;
  firstLineExceedsLimit: boolean;
  maxLines: number;
  maxBytes: number;
}

export interface TruncationOptions {
  maxLines?: number;
  maxBytes?: number;
}

/** `512B`, `50.0KB`, `1.5MB`: one decimal from KB on. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

function countedLines(content: string): string[] {
  if (content === '') return [];
  const lines = content.split('\n');
  // "a\nb\n" is two lines, not three.
  if (content.endsWith('\n')) lines.pop();
  return lines;
}

function untouched(content: string, lines: number, bytes: number, maxLines: number, maxBytes: number): TruncationResult {
  return {
    content, truncated: false, truncatedBy: null, totalLines: lines, totalBytes: bytes, outputLines: lines,
    outputBytes: bytes, lastLinePartial: false, firstLineExceedsLimit: false, maxLines, maxBytes,
  };
}

/** Keeps whole lines from the start. A first line longer than maxBytes yields empty content and a flag. */
export function truncateHead(content: string, options: TruncationOptions = {}): TruncationResult {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = utf8ByteLength(content);
  const lines = countedLines(content);
  if (lines.length <= maxLines && totalBytes <= maxBytes) {
    return untouched(content, lines.length, totalBytes, maxLines, maxBytes);
  }
  const base = { truncated: true, totalLines: lines.length, totalBytes, lastLinePartial: false, maxLines, maxBytes };
  if (utf8ByteLength(lines[0]) > maxBytes) {
    return { ...base, content: '', truncatedBy: 'bytes', outputLines: 0, outputBytes: 0, firstLineExceedsLimit: true };
  }
  let kept = 0;
  let used = 0;
  let by: 'lines' | 'bytes' = 'lines';
  while (kept < lines.length && kept < maxLines) {
    const cost = utf8ByteLength(lines[kept]) + (kept > 0 ? 1 : 0);
    if (used + cost > maxBytes) {
      by = 'bytes';
      break;
    }
    used += cost;
    kept++;
  }
  if (kept >= maxLines && used <= maxBytes) by = 'lines';
  const out = lines.slice(0, kept).join('\n');
  return { ...base, content: out, truncatedBy: by, outputLines: kept, outputBytes: utf8ByteLength(out), firstLineExceedsLimit: false };
}

/** Keeps whole lines from the end; only a single over-long last line is cut (from its end). */
export function truncateTail(content: string, options: TruncationOptions = {}): TruncationResult {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = utf8ByteLength(content);
  const lines = countedLines(content);
  if (lines.length <= maxLines && totalBytes <= maxBytes) {
    return untouched(content, lines.length, totalBytes, maxLines, maxBytes);
  }
  const kept: string[] = [];
  let used = 0;
  let by: 'lines' | 'bytes' = 'lines';
  let partial = false;
  for (let i = lines.length - 1; i >= 0 && kept.length < maxLines; i--) {
    const cost = utf8ByteLength(lines[i]) + (kept.length > 0 ? 1 : 0);
    if (used + cost > maxBytes) {
      by = 'bytes';
      if (kept.length === 0) {
        const tail = lastBytes(lines[i], maxBytes);
        kept.unshift(tail);
        used = utf8ByteLength(tail);
        partial = true;
      }
      break;
    }
    kept.unshift(lines[i]);
    used += cost;
  }
  if (kept.length >= maxLines && used <= maxBytes) by = 'lines';
  const out = kept.join('\n');
  return {
    content: out, truncated: true, truncatedBy: by, totalLines: lines.length, totalBytes, outputLines: kept.length,
    outputBytes: utf8ByteLength(out), lastLinePartial: partial, firstLineExceedsLimit: false, maxLines, maxBytes,
  };
}

function lastBytes(text: string, maxBytes: number): string {
  const bytes = encodeUtf8(text);
  let start = bytes.length - maxBytes;
  // Never start inside a multi-byte character.
  while (start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++;
  return decodeUtf8(bytes.subarray(start));
}

/** Cuts a grep line to `maxChars` UTF-16 units and marks it. */
export function truncateLine(line: string, maxChars = GREP_MAX_LINE_LENGTH): { text: string; wasTruncated: boolean } {
  if (line.length <= maxChars) return { text: line, wasTruncated: false };
  return { text: `${line.slice(0, maxChars)}... [truncated]`, wasTruncated: true };
}
