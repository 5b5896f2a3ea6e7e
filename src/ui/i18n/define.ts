// Helpers to declare an area's messages with both languages checked to have the same keys.

export type MessageTable = Record<string, string>;
export interface MessageArea { en: MessageTable; 'zh-CN': MessageTable }

/** Declares an area's messages; TypeScript insists the Chinese table has exactly the English keys. */
export function defineMessages<const E extends MessageTable>(area: { en: E; 'zh-CN': { [K in keyof E]: string } }): MessageArea {
  return area as MessageArea;
}

/**
 * Merges one language's table of every area (modules by file name, as import.meta.glob returns them); a key defined
 * by two areas is a mistake and throws at start-up (and in the catalog test).
 */
export function mergeTables(modules: Record<string, { messages: MessageArea }>, locale: keyof MessageArea): MessageTable {
  const merged: MessageTable = {};
  const owner = new Map<string, string>();
  for (const [file, { messages }] of Object.entries(modules)) {
    for (const key of Object.keys(messages[locale])) {
      const previous = owner.get(key);
      if (previous) throw new Error(`Message key "${key}" is defined in both ${previous} and ${file}`);
      owner.set(key, file);
    }
    Object.assign(merged, messages[locale]);
  }
  return merged;
}
