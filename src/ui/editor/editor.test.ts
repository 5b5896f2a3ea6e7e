// The editor against the real sandbox: problems shown where they are, completion while typing, the schema
// view following the code, and undo history kept per document.
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { EditorView } from '@codemirror/view';
import { EditorSelection } from '@codemirror/state';
import { createMemoryFileSystem } from '../../vfs/index.ts';
import { createSandbox } from '../../sandbox/index.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { createFsCapabilityHost } from '../../storage/workspace-fs.ts';
import { mountApp, waitFor, type MountedApp } from '../testing/mount-app.ts';

let app: MountedApp | undefined;
afterEach(async () => { await app?.destroy(); app = undefined; });

async function start(): Promise<MountedApp> {
  const runtime = createSandbox({ fs: createFsCapabilityHost(Promise.resolve(createMemoryFileSystem())) });
  app = await mountApp({ store: createMemoryStore(), runtime });
  await expect.element(page.getByTestId('schema-json'), { timeout: 15_000 }).toBeVisible();
  return app;
}

/** The CodeMirror view of the main editor, once its chunk has loaded. */
async function editorView(testid = 'editor'): Promise<EditorView> {
  const content = await waitFor(
    () => document.querySelector(`[data-testid="${testid}"] .host`)?.shadowRoot?.querySelector<HTMLElement>('.cm-content'),
    'the editor to load',
  );
  return EditorView.findFromDOM(content)!;
}

async function selectTool(name: string) {
  await page.getByTestId('tool-item').filter({ hasText: name }).getByText(name, { exact: true }).click();
  await expect.element(page.getByTestId('editor-title')).toHaveTextContent(name);
}

function setDoc(view: EditorView, text: string) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

/** Puts the cursor at the end of the first line containing `marker`, focused, ready for typing. */
function cursorAfter(view: EditorView, marker: string) {
  const line = view.state.doc.toString().split('\n').findIndex((l) => l.includes(marker)) + 1;
  view.dispatch({ selection: EditorSelection.cursor(view.state.doc.line(line).to) });
  view.focus();
}

function lineHasLintMark(view: EditorView, line: number): boolean {
  const lines = view.contentDOM.querySelectorAll('.cm-line');
  return lines[line - 1]?.querySelector('.cm-lintRange-error') !== null && lines[line - 1] !== undefined;
}

const ECHO = `import { Type } from "@earendil-works/pi-ai";

export default {
  name: "echo",
  label: "Echo",
  description: "Return the text.",
  parameters: Type.Object({ text: Type.String() }),
  async execute(_id, { text }) {
    return { content: [{ type: "text", text }], details: {} };
  },
};
`;

describe('diagnostics in the editor', () => {
  it('marks a syntax error at its line, lists it with line and column, and badges the tool', async () => {
    await start();
    await selectTool('echo');
    const view = await editorView();
    setDoc(view, ECHO.replace('parameters: Type.Object({ text: Type.String() }),', 'parameters: Type.Object({ text: Type.String( }),'));
    const item = await waitFor(() => document.querySelector('[data-testid="diagnostic"]'), 'a diagnostic', 10_000);
    expect(item.getAttribute('data-line')).toBe('7');
    expect(item.textContent).toMatch(/7:\d+\s*Syntax/);
    await waitFor(() => lineHasLintMark(view, 7), 'the inline mark on line 7');
    expect(lineHasLintMark(view, 6)).toBe(false);
    await expect.element(page.getByTestId('tool-item').filter({ hasText: 'echo' }).getByTestId('tool-problems')).toHaveTextContent('1');
    await expect.element(page.getByTestId('schema-stale')).toBeVisible();
  });

  it('points an error thrown while the module loads at the throwing line', async () => {
    await start();
    await selectTool('echo');
    const view = await editorView();
    setDoc(view, ECHO.replace('export default {', 'const limit = Number("x");\nif (Number.isNaN(limit)) throw new Error("limit is not a number");\nexport default {'));
    const item = await waitFor(() => document.querySelector('[data-testid="diagnostic"]'), 'a diagnostic', 10_000);
    expect(item.getAttribute('data-line')).toBe('4');
    expect(item.textContent).toContain('limit is not a number');
    await waitFor(() => lineHasLintMark(view, 4), 'the inline mark on line 4');
  });

  it('reports a tool without a description and a second tool with the same name as contract problems', async () => {
    await start();
    await selectTool('echo');
    const view = await editorView();
    setDoc(view, ECHO.replace('name: "echo"', 'name: "calculate"').replace('  description: "Return the text.",\n', ''));
    const list = await waitFor(() => document.querySelector('[data-testid="diagnostics"]'), 'the problems list', 10_000);
    await waitFor(() => /description/i.test(list.textContent ?? '') && /calculate/.test(list.textContent ?? ''), 'both contract problems');
    expect(list.textContent).toMatch(/Tool contract/);
  });
});

describe('typing in the editor', () => {
  it('completes Type. builders with their signatures, and the new property reaches the schema view', async () => {
    await start();
    await selectTool('echo');
    const view = await editorView();
    setDoc(view, ECHO.replace('parameters: Type.Object({ text: Type.String() }),', 'parameters: Type.Object({\n    text: Type.String(),\n  }),'));
    cursorAfter(view, 'text: Type.String(),');
    await userEvent.keyboard('{Enter}count: Type.Int');
    // The list follows the typing a moment later (CodeMirror queries its sources asynchronously): until then it may
    // still show what "Type" alone matched.
    const option = await waitFor(
      () => {
        const selected = view.dom.querySelector('.cm-tooltip-autocomplete li[aria-selected] .cm-completionLabel');
        return selected?.textContent === 'Integer' ? selected : null;
      },
      'the completion list with Integer selected',
    );
    expect(option.textContent).toBe('Integer');
    expect(view.dom.querySelector('.cm-tooltip-autocomplete li[aria-selected] .cm-completionDetail')?.textContent).toBe('(options?)');
    // CodeMirror ignores Enter for 75 ms after the list opens, so fast typing never picks by accident.
    await new Promise((r) => setTimeout(r, 120));
    await userEvent.keyboard('{Enter}');
    expect(view.state.doc.toString()).toContain('count: Type.Integer()');
    await expect.element(page.getByTestId('schema-json'), { timeout: 10_000 }).toHaveTextContent('"count"');
    await expect.element(page.getByTestId('schema-json')).toHaveTextContent('"integer"');
  });

  it('offers the AgentTool fields inside the tool object, with what reaches the model', async () => {
    await start();
    await selectTool('echo');
    const view = await editorView();
    setDoc(view, ECHO);
    cursorAfter(view, 'label: "Echo",');
    await userEvent.keyboard('{Enter}executionM');
    const option = await waitFor(() => view.dom.querySelector('.cm-tooltip-autocomplete li[aria-selected]'), 'the completion list');
    expect(option.querySelector('.cm-completionLabel')?.textContent).toBe('executionMode');
    expect(option.querySelector('.cm-completionDetail')?.textContent).toContain('runtime only');
  });

  it('keeps a separate undo history for each tool file', async () => {
    await start();
    await selectTool('echo');
    let view = await editorView();
    cursorAfter(view, 'label: "Echo",');
    await userEvent.keyboard(' // in echo');
    await selectTool('calculate');
    view = await editorView();
    cursorAfter(view, 'label: "Calculator",');
    await userEvent.keyboard(' // in calculate');
    await selectTool('echo');
    view = await editorView();
    expect(view.state.doc.toString()).toContain('// in echo');
    view.focus();
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(view.state.doc.toString()).not.toContain('// in echo');
    await selectTool('calculate');
    view = await editorView();
    expect(view.state.doc.toString()).toContain('// in calculate');
  });
});
