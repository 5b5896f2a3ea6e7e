// Share links: the workspace (or one tool with one scenario) as JSON → UTF-8 → deflate → base64url in the URL
// fragment, so nothing is sent to a server: `#share=v1.<data>.<crc32>`. The version comes first so a later
// format can be recognised; the checksum comes last, so a link cut off anywhere is recognised as incomplete.
import { Inflate, deflateSync } from 'fflate';
import { base64UrlDecode, base64UrlEncode, crc32Hex, utf8Decode, utf8Encode } from './bytes.ts';
import { refuse, type Refusal } from './errors.ts';
import { checkWorkspace, isRecord, type Workspace } from './workspace-shape.ts';

export const SHARE_VERSION = 1;
export const SHARE_PARAM = 'share';
const PAYLOAD_KIND = 'pi-playground-share';
/** A link never unpacks to more than this (a crafted link cannot make the page allocate gigabytes). */
export const MAX_SHARE_BYTES = 16 * 1024 * 1024;

/** `workspace`: everything; `selection`: one tool and one scenario, with the hooks and settings they run with. */
export type ShareScope = 'workspace' | 'selection';

export interface SharePayload {
  scope: ShareScope;
  workspace: Workspace;
}

/** The token after `#share=`. Deterministic: the same payload always gives the same token. */
export function encodeShareToken(payload: SharePayload): string {
  const json = JSON.stringify({ kind: PAYLOAD_KIND, scope: payload.scope, workspace: payload.workspace });
  const packed = deflateSync(utf8Encode(json), { level: 9 });
  return `v${SHARE_VERSION}.${base64UrlEncode(packed)}.${crc32Hex(packed)}`;
}

/** `base` without its fragment, plus `#share=<token>`. */
export function createShareUrl(base: string, payload: SharePayload): string {
  const hash = base.indexOf('#');
  return `${hash >= 0 ? base.slice(0, hash) : base}#${SHARE_PARAM}=${encodeShareToken(payload)}`;
}

/**
 * The share token in a URL, a fragment (`#share=…`) or pasted text; null when there is no `share=` at all (an
 * ordinary visit). Whitespace is dropped, since mail and chat programs wrap long links.
 */
export function findShareToken(text: string): string | null {
  const compact = text.replace(/\s+/g, '');
  const hash = compact.indexOf('#');
  const fragment = hash >= 0 ? compact.slice(hash + 1) : compact;
  const match = /(?:^|&)share=([^&]*)/.exec(fragment);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

function inflateLimited(bytes: Uint8Array): Uint8Array | 'too-large' | null {
  const parts: Uint8Array[] = [];
  let total = 0;
  let done = false;
  const inflater = new Inflate((chunk, final) => {
    parts.push(chunk);
    total += chunk.length;
    if (final) done = true;
  });
  try {
    const step = 16 * 1024;
    for (let i = 0; i < bytes.length; i += step) {
      inflater.push(bytes.subarray(i, i + step), i + step >= bytes.length);
      if (total > MAX_SHARE_BYTES) return 'too-large';
    }
  } catch {
    return null;
  }
  if (!done) return null;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

/** Checks a decoded payload: our kind marker, a known scope and a well-formed workspace. */
export function checkSharePayload(value: unknown): { ok: true; payload: SharePayload } | Refusal {
  if (!isRecord(value) || value.kind !== PAYLOAD_KIND) return refuse('content-kind');
  const scope = value.scope === 'selection' ? 'selection' : value.scope === 'workspace' ? 'workspace' : null;
  if (!scope) return refuse('content-kind');
  const checked = checkWorkspace(value.workspace);
  return checked.ok ? { ok: true, payload: { scope, workspace: checked.workspace } } : checked;
}

/** Decodes a token; every failure says what was expected (see errors.ts). Never throws. */
export function decodeShareToken(token: string): { ok: true; payload: SharePayload } | Refusal {
  if (token.length === 0) return refuse('link-empty');
  const version = /^v(\d+)\./.exec(token);
  if (!version) return /^v\d*$/.test(token) ? refuse('link-truncated') : refuse('link-not-share');
  if (Number(version[1]) !== SHARE_VERSION) return refuse('link-version', { version: Number(version[1]), supported: SHARE_VERSION });
  const rest = token.slice(version[0].length);
  const dot = rest.lastIndexOf('.');
  if (dot < 0) return refuse('link-truncated');
  const data = rest.slice(0, dot);
  const checksum = rest.slice(dot + 1);
  if (checksum.length < 8 && /^[0-9a-f]*$/.test(checksum)) return refuse('link-checksum-short');
  const decoded = base64UrlDecode(data);
  if (!decoded.ok) {
    const position = version[0].length + decoded.index + 1;
    if (decoded.index >= data.length) return refuse('link-checksum-mismatch');
    return refuse('link-bad-character', { char: data[decoded.index], position });
  }
  if (!/^[0-9a-f]{8}$/.test(checksum) || crc32Hex(decoded.bytes) !== checksum) return refuse('link-checksum-mismatch');
  const inflated = inflateLimited(decoded.bytes);
  if (inflated === 'too-large') return refuse('link-too-large', { limitMb: MAX_SHARE_BYTES / 1024 / 1024 });
  const json = inflated ? utf8Decode(inflated) : null;
  if (json === null) return refuse('link-unreadable');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return refuse('link-unreadable');
  }
  return checkSharePayload(value);
}
