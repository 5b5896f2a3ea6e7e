// Hover help in tool files: the playground module's exports and fs operations (signature and what it does),
// execute's parameters by their position (whatever the file names them), and TypeBox's `Type.` builders.
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import { EXECUTE_PARAMETERS, playgroundMember, type ModuleMember } from '../../../sandbox/playground-module.ts';
import { t } from '../../i18n/i18n.svelte.ts';
import { playgroundBindings } from '../playground-check.ts';
import { executeParameterIndex, memberChain } from './code-context.ts';
import { TYPE_BUILDERS } from './completion-data.ts';

export interface HoverHelp {
  /** What the help is about, as code: `fs.readFile`, `sleep`, `execute: signal`, `Type.Object`. */
  title: string;
  signature: string;
  /** Message key of the text. */
  info: string;
}

/** The help for the identifier spanning [from, to) of `doc`, if there is any. */
export function hoverHelp(doc: string, from: number, to: number): HoverHelp | null {
  const word = doc.slice(from, to);
  const before = doc.slice(Math.max(0, from - 300), from);
  const chain = memberChain(before);
  const bindings = () => playgroundBindings(doc);
  const help = (title: string, m: ModuleMember | undefined) => (m ? { title, signature: m.signature, info: m.info } : null);
  if (chain && chain.partial === '') {
    const heads = chain.heads;
    if (heads.length === 1 && heads[0] === 'Type') {
      const builder = TYPE_BUILDERS.find((b) => b.label === word);
      return builder ? { title: `Type.${word}`, signature: builder.detail, info: builder.info } : null;
    }
    const { exports, namespaces } = bindings();
    if (heads.length === 1 && exports.get(heads[0]) === 'fs') return help(`fs.${word}`, playgroundMember(`fs.${word}`));
    if (heads.length === 1 && namespaces.has(heads[0])) return help(word, playgroundMember(word));
    if (heads.length === 2 && namespaces.has(heads[0]) && heads[1] === 'fs') return help(`fs.${word}`, playgroundMember(`fs.${word}`));
    return null;
  }
  const index = executeParameterIndex(before);
  if (index !== null) {
    const parameter = EXECUTE_PARAMETERS[index];
    return parameter ? { title: `execute: ${parameter.name}`, signature: parameter.signature, info: parameter.info } : null;
  }
  const exported = bindings().exports.get(word);
  return exported ? help(exported, playgroundMember(exported)) : null;
}

function render(help: HoverHelp): HTMLElement {
  const dom = document.createElement('div');
  dom.className = 'cm-playground-hover';
  dom.dataset.testid = 'editor-hover';
  const head = dom.appendChild(document.createElement('div'));
  head.className = 'cm-playground-hover-head';
  head.append(Object.assign(document.createElement('code'), { className: 'name', textContent: help.title }), ' ',
    Object.assign(document.createElement('code'), { className: 'sig', textContent: help.signature }));
  dom.appendChild(Object.assign(document.createElement('p'), { textContent: t(help.info) }));
  return dom;
}

export const playgroundHover = hoverTooltip((view, pos): Tooltip | null => {
  const line = view.state.doc.lineAt(pos);
  const text = line.text;
  let start = pos - line.from;
  let end = start;
  while (start > 0 && /[\w$]/.test(text[start - 1])) start--;
  while (end < text.length && /[\w$]/.test(text[end])) end++;
  if (start === end) return null;
  const help = hoverHelp(view.state.doc.toString(), line.from + start, line.from + end);
  if (!help) return null;
  return { pos: line.from + start, end: line.from + end, above: true, create: () => ({ dom: render(help) }) };
});
