// Why a link, a file or a session was refused: a code plus the facts the message needs. The UI turns it into a
// sentence in the reader's language (portable.error.<code>); core never throws for bad input.

export type PortableErrorCode =
  // share links
  | 'link-empty'
  | 'link-not-share'
  | 'link-version'
  | 'link-truncated'
  | 'link-checksum-short'
  | 'link-bad-character'
  | 'link-checksum-mismatch'
  | 'link-unreadable'
  | 'link-too-large'
  // what a link or a file holds
  | 'content-kind'
  | 'workspace-invalid'
  // workspace files
  | 'file-empty'
  | 'file-not-json'
  | 'file-format'
  | 'file-version'
  | 'file-too-large'
  | 'file-is-session'
  | 'file-is-scenario'
  // pi session files
  | 'session-empty'
  | 'session-line-json'
  | 'session-last-line-cut'
  | 'session-no-header'
  | 'session-version'
  | 'session-entry'
  | 'session-no-prompt';

export type PortableErrorParams = Record<string, string | number>;

export interface PortableError {
  code: PortableErrorCode;
  params: PortableErrorParams;
}

export type Refusal = { ok: false; error: PortableError };

export function refuse(code: PortableErrorCode, params: PortableErrorParams = {}): Refusal {
  return { ok: false, error: { code, params } };
}

/** Every code, for the test that checks each has a message in both languages. */
export const PORTABLE_ERROR_CODES: readonly PortableErrorCode[] = [
  'link-empty', 'link-not-share', 'link-version', 'link-truncated', 'link-checksum-short', 'link-bad-character',
  'link-checksum-mismatch', 'link-unreadable', 'link-too-large', 'content-kind', 'workspace-invalid', 'file-empty',
  'file-not-json', 'file-format', 'file-version', 'file-too-large', 'file-is-session', 'file-is-scenario',
  'session-empty', 'session-line-json', 'session-last-line-cut', 'session-no-header', 'session-version', 'session-entry', 'session-no-prompt',
];
