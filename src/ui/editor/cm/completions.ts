// Context-aware completion for tool and hooks files: `Type.` builders after `Type.`, schema options inside a
// `Type.*({ … })` call, AgentTool fields in other object literals, hook exports and hook result fields; the
// playground module's members after `fs.` (or a namespace import), in its import braces, and execute's parameters.
import { snippetCompletion, type Completion, type CompletionContext, type CompletionResult, type CompletionSource } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { SyntaxNode } from '@lezer/common';
import {
  AGENT_TOOL_FIELDS, EXECUTE_PARAMETER_ENTRIES, FS_ENTRIES, HOOK_EXPORTS, HOOK_RESULT_FIELDS, PLAYGROUND_ENTRIES, SCHEMA_OPTIONS,
  TOOL_GLOBALS, TURN_GLOBALS, TURN_MEMBERS, TYPE_BUILDERS, type CompletionEntry,
} from './completion-data.ts';
import { i18n, t } from '../../i18n/i18n.svelte.ts';
import { playgroundBindings } from '../playground-check.ts';
import { executeParameterIndex, memberChain } from './code-context.ts';

export type CompletionMode = 'tool' | 'hooks' | 'turn';

function toCompletion(entry: CompletionEntry, type: string, boost = 0): Completion {
  const detail = entry.scope ? `${entry.detail} · ${t(`editor.completion.scope.${entry.scope}`)}` : entry.detail;
  const base: Completion = { label: entry.label, detail, info: t(entry.info), type, boost };
  return entry.snippet ? snippetCompletion(entry.snippet, base) : base;
}

/** The option lists in one language; built on first use and again when the language changes. */
function buildOptions() {
  return {
    builders: TYPE_BUILDERS.map((e, i) => toCompletion(e, 'function', -i / 100)),
    fields: AGENT_TOOL_FIELDS.map((e, i) => toCompletion(e, 'property', -i / 100)),
    schemaOptions: SCHEMA_OPTIONS.map((e) => ({ ...toCompletion({ ...e, snippet: undefined }, 'property'), apply: `${e.label}: ` })),
    hookExports: HOOK_EXPORTS.map((e) => toCompletion(e, 'function')),
    hookFields: HOOK_RESULT_FIELDS.map((e) => ({ ...toCompletion(e, 'property'), apply: `${e.label}: ` })),
    globals: [...TOOL_GLOBALS, ...PLAYGROUND_ENTRIES].map((e) => toCompletion(e, 'variable')),
    playground: PLAYGROUND_ENTRIES.map((e) => toCompletion(e, e.label === 'fs' ? 'namespace' : 'function')),
    fsMembers: FS_ENTRIES.map((e) => toCompletion(e, 'method')),
    executeParameters: EXECUTE_PARAMETER_ENTRIES.map((e) => toCompletion(e, 'variable')),
    turnGlobals: TURN_GLOBALS.map((e) => toCompletion(e, 'function')),
    turnMembers: Object.fromEntries(Object.entries(TURN_MEMBERS).map(([owner, list]) => [owner, list.map((e) => toCompletion(e, 'property'))])),
  };
}

let cached: { locale: string; options: ReturnType<typeof buildOptions> } | undefined;
function options(): ReturnType<typeof buildOptions> {
  if (cached?.locale !== i18n.locale) cached = { locale: i18n.locale, options: buildOptions() };
  return cached.options;
}

/** Walks up from `node` to the object literal the cursor is directly inside, if any. */
function enclosingObject(node: SyntaxNode | null): SyntaxNode | null {
  for (let n = node; n; n = n.parent) {
    if (n.name === 'ObjectExpression') return n;
    if (['Block', 'ClassBody', 'ParamList', 'ArrayExpression', 'Script', 'TemplateString'].includes(n.name)) return null;
  }
  return null;
}

/** True when the object literal is an argument of a `Type.X(...)` or `StringEnum(...)` call. */
function isSchemaBuilderArgument(object: SyntaxNode, doc: string): boolean {
  const args = object.parent;
  if (args?.name !== 'ArgList') return false;
  const call = args.parent;
  const callee = call?.firstChild;
  if (!callee) return false;
  const text = doc.slice(callee.from, callee.to);
  return /^Type\.\w+$/.test(text) || text === 'StringEnum';
}

/** `fs.` / `pg.` / `pg.fs.` members, the names inside `import { … } from "playground"`, and execute's parameters. */
function playgroundCompletion(context: CompletionContext, opts: ReturnType<typeof buildOptions>): CompletionResult | null {
  const doc = context.state.doc;
  const pos = context.pos;
  const lineStart = doc.lineAt(pos).from;
  const before = doc.sliceString(Math.max(0, pos - 300), pos);
  const chain = memberChain(before);
  if (chain) {
    const bindings = playgroundBindings(doc.toString());
    const from = pos - chain.partial.length;
    const [head, ...rest] = chain.heads;
    const isFs = (rest.length === 0 && bindings.exports.get(head) === 'fs') || (bindings.namespaces.has(head) && rest.length === 1 && rest[0] === 'fs');
    if (isFs) return { from, options: opts.fsMembers, validFor: /^[\w$]*$/ };
    if (rest.length === 0 && bindings.namespaces.has(head)) return { from, options: opts.playground, validFor: /^[\w$]*$/ };
    return null;
  }
  const word = context.matchBefore(/[\w$]*$/);
  if (!word) return null;
  const line = doc.sliceString(lineStart, doc.lineAt(pos).to);
  const column = pos - lineStart;
  if (/^\s*import\s*(?:type\s+)?\{[^}]*$/.test(line.slice(0, column)) && /^[^{]*\}\s*from\s*["']playground["']/.test(line.slice(column))) {
    return { from: word.from, options: opts.playground, validFor: /^[\w$]*$/ };
  }
  const index = executeParameterIndex(doc.sliceString(Math.max(0, word.from - 300), word.from));
  if (index !== null && (word.from < word.to || context.explicit)) {
    const entry = opts.executeParameters[index];
    return entry ? { from: word.from, options: [{ ...entry, boost: 1 }], validFor: /^[\w$]*$/ } : null;
  }
  return null;
}

/** Which request object a member access in a code turn is on: `context.`, `state.`, a tool (`tool.`, `t.`), … */
function turnOwner(name: string): string | undefined {
  if (name in TURN_MEMBERS) return name;
  if (/tool$/i.test(name) || name === 't') return 'tool';
  if (/(message|msg|result|last)$/i.test(name) || name === 'm') return 'message';
  return undefined;
}

/** A code turn: the request's fields after a dot, the faux helpers elsewhere. */
function turnCompletions(context: CompletionContext): CompletionResult | null {
  const { turnGlobals, turnMembers } = options();
  const member = context.matchBefore(/([\w$]+)(\)|\])?\??\.[\w$]*$/);
  if (member) {
    const owner = turnOwner(/^[\w$]+/.exec(member.text)?.[0] ?? '');
    const list = owner ? turnMembers[owner] : undefined;
    if (!list) return null;
    return { from: member.from + member.text.lastIndexOf('.') + 1, options: list, validFor: /^[\w$]*$/ };
  }
  const word = context.matchBefore(/[\w$]*$/);
  if (!word || (word.from === word.to && !context.explicit)) return null;
  return { from: word.from, options: turnGlobals, validFor: /^[\w$]*$/ };
}

export function createCompletionSource(mode: CompletionMode): CompletionSource {
  if (mode === 'turn') return turnCompletions;
  return (context: CompletionContext): CompletionResult | null => {
    const all = options();
    const { builders, fields, schemaOptions, hookExports, hookFields, globals } = all;
    const member = context.matchBefore(/\bType\.[\w$]*$/);
    if (member) {
      return { from: member.from + 'Type.'.length, options: builders, validFor: /^[\w$]*$/ };
    }
    const playground = playgroundCompletion(context, all);
    if (playground) return playground;
    const word = context.matchBefore(/[\w$]*$/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    const doc = context.state.doc;
    // What precedes the word decides between a property name ({ or ,) and an expression.
    const before = doc.sliceString(Math.max(0, word.from - 200), word.from).replace(/\s+$/, '');
    const last = before.at(-1) ?? '';
    const node = syntaxTree(context.state).resolveInner(word.from, -1);
    const object = enclosingObject(node);

    if (object && (last === '{' || last === ',')) {
      const text = doc.toString();
      if (isSchemaBuilderArgument(object, text)) return { from: word.from, options: schemaOptions, validFor: /^[\w$]*$/ };
      return { from: word.from, options: mode === 'hooks' ? hookFields : fields, validFor: /^[\w$]*$/ };
    }
    if (mode === 'hooks' && !object && (last === '' || last === ';' || last === '}' || /\n\s*$/.test(doc.sliceString(Math.max(0, word.from - 2), word.from)))) {
      return { from: word.from, options: hookExports, validFor: /^[\w$]*$/ };
    }
    if (mode === 'tool' && word.from < word.to && last !== '.') {
      return { from: word.from, options: globals, validFor: /^[\w$]*$/ };
    }
    return null;
  };
}
