// Build step for the message tables: `src/ui/i18n/messages/<area>.ts?locale=en` keeps only the English table of
// that file (the Chinese one becomes `{}`), `?locale=zh-CN` only the Chinese one. The catalog imports English with
// the page and Chinese as a chunk of its own, so the first load carries one language. Without this plugin (a bare
// Vite server) both tables stay in every file and everything still works, only larger.
import type { Plugin } from 'vite';

const MESSAGES = /\/src\/ui\/i18n\/messages\/[\w-]+\.ts\?(?:[^#]*&)?locale=(en|zh-CN)(?:&|$)/;

interface Node { type: string; start: number; end: number; [key: string]: unknown }

function isDefineMessages(node: Node): boolean {
  const callee = node.callee as Node | undefined;
  return node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineMessages';
}

/** The object literal passed to defineMessages(...), searched depth-first. */
function findTables(node: unknown): Node | undefined {
  if (!node || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findTables(child);
      if (found) return found;
    }
    return undefined;
  }
  const n = node as Node;
  if (isDefineMessages(n)) {
    const [arg] = n.arguments as Node[];
    return arg?.type === 'ObjectExpression' ? arg : undefined;
  }
  for (const [key, value] of Object.entries(n)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    const found = findTables(value);
    if (found) return found;
  }
  return undefined;
}

function propertyName(property: Node): string | undefined {
  const key = property.key as Node & { name?: string; value?: unknown };
  if (key.type === 'Identifier') return key.name;
  return typeof key.value === 'string' ? key.value : undefined;
}

export function localeSplit(): Plugin {
  return {
    name: 'pi-locale-split',
    transform(code, id) {
      const keep = MESSAGES.exec(id)?.[1];
      if (!keep) return null;
      const tables = findTables(this.parse(code));
      if (!tables) this.error(`${id}: expected \`export const messages = defineMessages({ en: {...}, 'zh-CN': {...} })\``);
      // Cut from the end so earlier offsets stay valid.
      const drop = (tables.properties as Node[])
        .filter((p) => p.type === 'Property' && propertyName(p) !== keep)
        .map((p) => p.value as Node)
        .sort((a, b) => b.start - a.start);
      let out = code;
      for (const value of drop) out = `${out.slice(0, value.start)}{}${out.slice(value.end)}`;
      return { code: out, map: null };
    },
  };
}
