// Header helpers for the teaching view: secrets are shown redacted, and caller headers merge the way pi
// merges them (later sources win; a `null` value removes a header).

/** Enough of a key to recognise its kind (`sk-ant-oat…` is an OAuth token) without showing the secret. */
export function redactKey(key: string | undefined): string {
  if (!key) return '<API key>';
  return key.length >= 30 ? `${key.slice(0, 10)}…` : '<redacted>';
}

/** Merges header records left to right; `null` deletes (case-insensitive), as pi's Headers-based merges do. */
export function mergeHeaders(...sources: (Record<string, string | null> | undefined)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of sources) {
    if (!source) continue;
    for (const [name, value] of Object.entries(source)) {
      for (const existing of Object.keys(out)) if (existing.toLowerCase() === name.toLowerCase()) delete out[existing];
      if (value !== null && value !== undefined) out[name] = value;
    }
  }
  return out;
}

/** Joins a base URL and a path with exactly one slash between them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
