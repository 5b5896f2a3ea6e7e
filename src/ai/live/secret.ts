// Keeps a user's API key out of every text a live run produces: a provider (or the SDK pi-ai uses) may quote the
// key in an error message, and that text would go into the recording, the event log and exports.

/** The mask a key is replaced by. */
export const KEY_MASK = '[api key removed]';

/** `text` with every occurrence of `secret` (and of its URL-encoded form) replaced by the mask. */
export function scrubSecret(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4 || !text) return text;
  let scrubbed = text.split(secret).join(KEY_MASK);
  const encoded = encodeURIComponent(secret);
  if (encoded !== secret) scrubbed = scrubbed.split(encoded).join(KEY_MASK);
  return scrubbed;
}

/** True when `value` (any JSON-able data) holds the secret anywhere. */
export function containsSecret(value: unknown, secret: string): boolean {
  if (!secret) return false;
  try {
    return JSON.stringify(value ?? null).includes(secret);
  } catch {
    return false;
  }
}
