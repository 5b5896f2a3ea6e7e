// The playground module in the editor: completion of its exports, fs operations and execute's parameters, hover
// help, the member check that flags `fs.exists` before anything runs, and the Reference dialog. Against the real
// sandbox, so the checked tool is one that evaluates fine.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { EditorView } from '@codemirror/view';
import { EditorSelection } from '@codemirror/state';
import { createMemoryFileSystem } from '../../vfs/index.ts';
import { createSandbox } from '../../sandbox/index.ts';
import { PLAYGROUND_FS_OPERATIONS } from '../../sandbox/playground-module.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { createFsCapabilityHost } from '../../storage/workspace-fs.ts';
import { loadLocale, tIn } from '../i18n/i18n.svelte.ts';
import { mountApp, waitFor, type MountedApp } from '../testing/mount-app.ts';
import { hoverHelp } from './cm/hover.ts';
import { checkPlaygroundMembers } from './playground-check.ts';

let app: MountedApp | undefined;
afterEach(async () => { await app?.destroy(); app = undefined; });
beforeAll(() => loadLocale('zh-CN'));

async function start(): Promise<void> {
  const runtime = createSandbox({ fs: createFsCapabilityHost(Promise.resolve(createMemoryFileSystem())) });
  app = await mountApp({ store: createMemoryStore(), runtime });
  await expect.element(page.getByTestId('schema-json'), { timeout: 15_000 }).toBeVisible();
  await page.getByTestId('tool-item').filter({ hasText: 'read_file' }).getByText('read_file', { exact: true }).click();
  await expect.element(page.getByTestId('editor-title')).toHaveTextContent('read_file');
}

async function editorView(): Promise<EditorView> {
  const content = await waitFor(
    () => document.querySelector('[data-testid="editor"] .host')?.shadowRoot?.querySelector<HTMLElement>('.cm-content'),
    'the editor to load',
  );
  return EditorView.findFromDOM(content)!;
}

function replaceInDoc(view: EditorView, from: string, to: string) {
  const text = view.state.doc.toString();
  expect(text).toContain(from);
  view.dispatch({ changes: { from: 0, to: text.length, insert: text.replace(from, to) } });
}

function cursorAt(view: EditorView, marker: string) {
  const at = view.state.doc.toString().indexOf(marker) + marker.length;
  view.dispatch({ selection: EditorSelection.cursor(at) });
  view.focus();
}

const selected = (view: EditorView) => waitFor(() => view.dom.querySelector('.cm-tooltip-autocomplete li[aria-selected]'), 'the completion list');
const labels = (view: EditorView) => [...view.dom.querySelectorAll('.cm-tooltip-autocomplete li .cm-completionLabel')].map((el) => el.textContent);

describe('completion for the playground module', () => {
  it('offers every fs operation with its signature after `fs.`', async () => {
    await start();
    const view = await editorView();
    cursorAt(view, 'const text = await ');
    await userEvent.keyboard('fs.');
    await selected(view);
    await waitFor(() => labels(view).length === PLAYGROUND_FS_OPERATIONS.length, 'all fs operations');
    expect(labels(view)).toEqual(expect.arrayContaining([...PLAYGROUND_FS_OPERATIONS]));
    await userEvent.keyboard('wri');
    const option = await waitFor(() => {
      const li = view.dom.querySelector('.cm-tooltip-autocomplete li[aria-selected]');
      return li?.querySelector('.cm-completionLabel')?.textContent === 'writeFile' ? li : null;
    }, 'writeFile selected');
    expect(option.querySelector('.cm-completionDetail')?.textContent).toBe('(path: string, content: string, options?: { signal?: AbortSignal }) => Promise<void>');
    // Its help shows beside the list.
    await waitFor(() => /making missing parent folders/.test(view.dom.querySelector('.cm-completionInfo')?.textContent ?? ''), 'the help text');
  });

  it('offers the exports inside `import { } from "playground"`, and execute\'s parameter by its position', async () => {
    await start();
    const view = await editorView();
    replaceInDoc(view, 'import { fs } from "playground";', 'import { fs,  } from "playground";');
    cursorAt(view, 'import { fs, ');
    await userEvent.keyboard('sl');
    expect((await selected(view)).querySelector('.cm-completionLabel')?.textContent).toBe('sleep');
    expect(view.dom.querySelector('.cm-tooltip-autocomplete li[aria-selected] .cm-completionDetail')?.textContent).toBe('(ms: number, signal?: AbortSignal) => Promise<void>');

    await userEvent.keyboard('{Escape}');
    replaceInDoc(view, 'async execute(_toolCallId, { path, offset = 1, limit })', 'async execute(_toolCallId, { path, offset = 1, limit }, s)');
    cursorAt(view, 'limit }, s');
    await userEvent.keyboard('i');
    const option = await selected(view);
    expect(option.querySelector('.cm-completionLabel')?.textContent).toBe('signal');
    expect(option.querySelector('.cm-completionDetail')?.textContent).toBe('AbortSignal | undefined');
  });
});

describe('hover help', () => {
  const SOURCE = `import { fs, sleep as nap } from "playground";
import * as pg from "playground";
export default {
  async execute(id, params, signal, onUpdate) {
    await nap(10, signal);
    await pg.fs.readFile("a");
    return fs.list();
  },
};`;
  const at = (word: string, nth = 0) => {
    let from = -1;
    for (let i = 0; i <= nth; i++) from = SOURCE.indexOf(word, from + 1);
    return hoverHelp(SOURCE, from, from + word.length);
  };

  it('explains fs operations, exports under their local names, and execute\'s parameters by position', () => {
    expect(at('list')).toMatchObject({ title: 'fs.list', info: 'editor.reference.fs.list' });
    expect(at('readFile')).toMatchObject({ title: 'fs.readFile', signature: expect.stringContaining('Promise<string>') });
    expect(at('nap', 1)).toMatchObject({ title: 'sleep', info: 'editor.reference.sleep' });
    expect(at('signal')).toMatchObject({ title: 'execute: signal', signature: 'AbortSignal | undefined' });
    expect(at('id')).toMatchObject({ title: 'execute: toolCallId' });
    expect(at('params')).toMatchObject({ title: 'execute: params' });
    expect(at('onUpdate')).toMatchObject({ title: 'execute: onUpdate' });
    // The same name in the body is a plain variable, not the parameter list.
    expect(at('signal', 1)).toBeNull();
  });

  it('shows the help when the pointer rests on a word in the editor', async () => {
    await start();
    const view = await editorView();
    const offset = view.state.doc.toString().indexOf('fs.readFile(') + 'fs.re'.length;
    const coords = view.coordsAtPos(offset)!;
    view.contentDOM.dispatchEvent(new MouseEvent('mousemove', { clientX: coords.left + 1, clientY: (coords.top + coords.bottom) / 2, bubbles: true }));
    const tip = await waitFor(() => view.dom.querySelector('[data-testid="editor-hover"]'), 'the hover help', 3000);
    expect(tip.textContent).toContain('fs.readFile');
    expect(tip.textContent).toContain('Reads a text file');
  });
});

describe('members that do not exist', () => {
  it('are found in imports, globals and namespaces, and not in comments, strings or a file\'s own fs', () => {
    const found = (source: string) => checkPlaygroundMembers(source).map((p) => `${p.owner}.${p.member}@${p.line}:${p.column}-${p.endColumn}`);
    expect(found('await fs.exists("a");')).toEqual(['fs.exists@1:10-16']);
    expect(found('import { fs as files, nap } from "playground";\nfiles.readFile("x"); files?.append("y");')).toEqual(['playground.nap@1:23-26', 'fs.append@2:29-35']);
    expect(found('import * as pg from "playground";\npg.foo(); pg.fs.exists(); pg.sleep(1);')).toEqual(['playground.foo@2:4-7', 'fs.exists@2:17-23']);
    expect(found('// fs.exists\nconst s = "fs.exists"; /* pg.foo */')).toEqual([]);
    expect(found('import fs from "node:fs";\nfs.existsSync("a");')).toEqual([]);
    expect(found('obj.fs.exists(); this.fs.x;')).toEqual([]);
    expect(checkPlaygroundMembers('fs.exists()')[0].available).toBe('readFile, writeFile, list, stat, remove');
  });

  it('are flagged in the editor at their position, saying what exists, while the tool still evaluates', async () => {
    await start();
    const view = await editorView();
    replaceInDoc(view, 'const text = await fs.readFile(path);', 'if (!(await fs.exists(path))) throw new Error("missing");\n    const text = await fs.readFile(path);');
    const item = await waitFor(() => document.querySelector('[data-testid="diagnostic"]'), 'a diagnostic', 10_000);
    const line = view.state.doc.toString().split('\n').findIndex((l) => l.includes('fs.exists')) + 1;
    expect(item.getAttribute('data-line')).toBe(String(line));
    expect(item.textContent).toContain('fs has no member exists; it has readFile, writeFile, list, stat, remove');
    await waitFor(() => view.contentDOM.querySelectorAll('.cm-line')[line - 1]?.querySelector('.cm-lintRange-warning')?.textContent === 'exists', 'the mark on "exists"');
    // Nothing ran, and the sandbox finds nothing wrong with the file itself.
    expect(app!.services.runtime).not.toBeNull();
    await expect.element(page.getByTestId('tool-item').filter({ hasText: 'read_file' }).getByTestId('tool-problems')).not.toBeInTheDocument();
    expect(tIn('zh-CN', 'editor.check.noMember', { owner: 'fs', member: 'exists', available: 'readFile' })).toBe('fs 没有成员 exists；可用的有 readFile');
  });
});

describe('the Reference', () => {
  it('lists what tool code may import, from the editor', async () => {
    await start();
    await page.getByTestId('editor-reference-open').click();
    const dialog = page.getByTestId('editor-reference');
    await expect.element(dialog).toBeVisible();
    const members = [...document.querySelectorAll('[data-testid="editor-reference-member"]')].map((el) => el.getAttribute('data-name'));
    expect(members).toEqual(['fs', ...PLAYGROUND_FS_OPERATIONS.map((op) => `fs.${op}`), 'sleep']);
    await expect.element(page.getByTestId('editor-reference-modules')).toHaveTextContent('"@earendil-works/pi-coding-agent"');
    await expect.element(dialog).toHaveTextContent('toolCallId');
    await page.getByTestId('editor-reference-close').click();
    await expect.element(dialog).not.toBeInTheDocument();
  });
});
