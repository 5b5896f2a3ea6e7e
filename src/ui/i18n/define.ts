// Helpers to declare an area's messages with both languages checked to have the same keys.

export type MessageTable = Record<string, string>;
export interface MessageArea { en: MessageTable; 'zh-CN': MessageTable }

/** Declares an area's messages; TypeScript insists the Chinese table has exactly the English keys. */
export function defineMessages<const E extends MessageTable>(area: { en: E; 'zh-CN': { [K in keyof E]: string } }): MessageArea {
  return area as MessageArea;
}

/** Merges areas; a key defined by two areas is a mistake and throws at start-up (and in the catalog test). */
export function mergeAreas(areas: { file: string; area: MessageArea }[]): MessageArea {
  const merged: MessageArea = { en: {}, 'zh-CN': {} };
  const owner = new Map<string, string>();
  for (const { file, area } of areas) {
    for (const key of Object.keys(area.en)) {
      const previous = owner.get(key);
      if (previous) throw new Error(`Message key "${key}" is defined in both ${previous} and ${file}`);
      owner.set(key, file);
    }
    Object.assign(merged.en, area.en);
    Object.assign(merged['zh-CN'], area['zh-CN']);
  }
  return merged;
}
