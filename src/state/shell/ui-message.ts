// A user-visible message from a state class, kept as a catalog key plus the values it needs, so the UI words it
// in the reader's language (and re-words it when the language changes). State never imports the catalog.

export interface UiMessage {
  /** A key of src/ui/i18n/messages/*.ts (`status.…`, `tools.…`). */
  key: string;
  params?: Record<string, string | number>;
}

/** Builds a UiMessage. Pass the key as a string literal, so the catalog test can check that it exists. */
export function msg(key: string, params?: Record<string, string | number>): UiMessage {
  return params ? { key, params } : { key };
}
