// How the files panel shows a file's bytes: UTF-8 text (with its BOM and line endings noted, so an edit writes
// them back exactly), an image (detected by content, as pi's read does), or binary. Pure functions.
import { IMAGE_SNIFF_BYTES, sniffImageMimeType, type ImageMimeType } from '../../coding-tools/images/index.ts';

export type LineEnding = 'lf' | 'crlf' | 'cr' | 'mixed' | 'none';
export type LineSeparator = '\n' | '\r\n' | '\r';

export type FileContent =
  | {
      kind: 'text';
      /** The text without its BOM. Line breaks are kept as stored. */
      text: string;
      bom: boolean;
      eol: LineEnding;
      /**
       * The break an editor should treat as "new line": the most common one. Any other break stays a character
       * of its line, so editing a file with mixed endings changes only what was typed.
       */
      separator: LineSeparator;
    }
  | { kind: 'image'; mime: ImageMimeType }
  | { kind: 'binary'; reason: 'nul' | 'invalid-utf8' };

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();
/** NUL within the first 8 KiB marks a binary file, as git and most editors decide. */
const NUL_SCAN_BYTES = 8192;

export function classifyContent(bytes: Uint8Array): FileContent {
  const mime = sniffImageMimeType(bytes.subarray(0, IMAGE_SNIFF_BYTES));
  if (mime) return { kind: 'image', mime };
  if (bytes.subarray(0, NUL_SCAN_BYTES).includes(0)) return { kind: 'binary', reason: 'nul' };
  let decoded: string;
  try {
    decoded = strictDecoder.decode(bytes);
  } catch {
    // Editing would replace the invalid bytes with U+FFFD; showing it as binary keeps them.
    return { kind: 'binary', reason: 'invalid-utf8' };
  }
  const bom = decoded.startsWith('\uFEFF');
  const text = bom ? decoded.slice(1) : decoded;
  const { eol, separator } = lineEndings(text);
  return { kind: 'text', text, bom, eol, separator };
}

export function lineEndings(text: string): { eol: LineEnding; separator: LineSeparator } {
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) { crlf++; i++; } else cr++;
    } else if (c === 10) lf++;
  }
  const kinds = [crlf > 0, lf > 0, cr > 0].filter(Boolean).length;
  if (kinds === 0) return { eol: 'none', separator: '\n' };
  const separator: LineSeparator = crlf >= lf && crlf >= cr ? '\r\n' : lf >= cr ? '\n' : '\r';
  if (kinds > 1) return { eol: 'mixed', separator };
  return { eol: separator === '\r\n' ? 'crlf' : separator === '\n' ? 'lf' : 'cr', separator };
}

/** The bytes for edited text: UTF-8, with the BOM put back when the file had one. */
export function encodeTextContent(text: string, bom: boolean): Uint8Array {
  return encoder.encode(bom ? `\uFEFF${text}` : text);
}

/**
 * For editors that only know `\n` (a textarea normalises every break to it): the text to show, and how to turn an
 * edit back into the file's endings. Null when that cannot be done without changing other lines (mixed endings).
 */
export function plainLineCodec(content: Extract<FileContent, { kind: 'text' }>): { shown: string; restore: (edited: string) => string } | null {
  if (content.eol === 'mixed') return null;
  const sep = content.separator;
  if (sep === '\n') return { shown: content.text, restore: (edited) => edited };
  return { shown: content.text.split(sep).join('\n'), restore: (edited) => edited.split('\n').join(sep) };
}

/** The first bytes as hex rows (offset, 16 bytes, printable ASCII), for a look inside a binary file. */
export function hexRows(bytes: Uint8Array, maxBytes = 512): string[] {
  const rows: string[] = [];
  const end = Math.min(bytes.length, maxBytes);
  for (let offset = 0; offset < end; offset += 16) {
    const slice = bytes.subarray(offset, Math.min(offset + 16, end));
    const hex = [...slice].map((b) => b.toString(16).padStart(2, '0')).join(' ').padEnd(47, ' ');
    const ascii = [...slice].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '·')).join('');
    rows.push(`${offset.toString(16).padStart(8, '0')}  ${hex}  ${ascii}`);
  }
  return rows;
}

/** Size for people: 0 B, 512 B, 1.5 KB, 2.0 MB (decimal-free below a kilobyte). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit++; }
  return `${value.toFixed(1)} ${units[unit]}`;
}
