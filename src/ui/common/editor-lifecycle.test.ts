// The app's one editor lifecycle (LazyEditor + the shared CodeMirror core) in Chromium, with the file editor's
// setup: what a keyboard and screen reader user meets in every editor of the app.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { EditorView } from '@codemirror/view';
import '../global.css';
import EditorHost from './testing/EditorHost.svelte';

let app: ReturnType<typeof mount> | undefined;
let changes: string[] = [];
afterEach(() => {
  if (app) unmount(app);
  app = undefined;
  document.body.replaceChildren();
});

async function show() {
  changes = [];
  app = mount(EditorHost, { target: document.body.appendChild(document.createElement('div')), props: { changes } });
  flushSync();
  await expect.element(page.getByTestId('probe-editor')).toHaveAttribute('data-ready', 'true');
  return page.getByTestId('file-editor-content');
}

/** The cursor's offset in the editor's text. */
function caret(): number {
  return EditorView.findFromDOM(page.getByTestId('file-editor-content').element() as HTMLElement)!.state.selection.main.head;
}

/** Whether the editor's content has the focus (inside its shadow root, where document.activeElement is the host). */
const focused = () => (page.getByTestId('file-editor-content').element() as HTMLElement).matches(':focus');

describe('the editor lifecycle', () => {
  it('shows the text read-only under the editor\'s name until CodeMirror is ready', async () => {
    changes = [];
    app = mount(EditorHost, { target: document.body.appendChild(document.createElement('div')), props: { changes } });
    flushSync();
    const placeholder = document.querySelector('[data-testid="probe-editor"] pre');
    expect(placeholder?.getAttribute('aria-label')).toBe('Edit notes.txt');
    expect(placeholder?.textContent).toBe('alpha\nbeta\n');
    await expect.element(page.getByTestId('probe-editor')).toHaveAttribute('data-ready', 'true');
    expect(document.querySelector('[data-testid="probe-editor"] pre')).toBeNull();
  });

  it('is a named, multi-line text box that Tab reaches, and that Escape then Tab leaves', async () => {
    const content = await show();
    await expect.element(content).toHaveAttribute('role', 'textbox');
    await expect.element(content).toHaveAttribute('aria-multiline', 'true');
    await expect.element(content).toHaveAccessibleName('Edit notes.txt');
    await userEvent.click(page.getByTestId('before'));
    await userEvent.tab();
    await expect.poll(focused).toBe(true);
    // Tab indents inside the text…
    await userEvent.keyboard('{Tab}');
    expect(focused()).toBe(true);
    expect(changes.at(-1)).toMatch(/^\s+alpha/);
    // …and Escape first lets the next Tab move on.
    await userEvent.keyboard('{Escape}{Tab}');
    await expect.element(page.getByTestId('outside-edit')).toHaveFocus();
  });

  it('takes in an edit made elsewhere without moving the cursor off its text or reporting it as typing', async () => {
    const content = await show();
    await userEvent.click(content);
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await userEvent.keyboard('x');
    expect(changes.at(-1)).toBe('alpha\nbeta\nx');
    const at = caret();
    changes.length = 0;
    await userEvent.click(page.getByTestId('outside-edit'));
    await expect.element(content).toHaveTextContent('topalphabetax');
    expect(changes).toEqual([]);
    // The cursor stays after the x (moved on by the text put in before it): typing goes on where it was.
    expect(caret()).toBe(at + 'top\n'.length);
    (content.element() as HTMLElement).focus();
    await userEvent.keyboard('y');
    expect(changes.at(-1)).toBe('top\nalpha\nbeta\nxy');
  });

  it('follows read-only on and off: announced, refusing edits, still focusable', async () => {
    const content = await show();
    await userEvent.click(page.getByTestId('toggle-readonly'));
    await expect.element(content).toHaveAttribute('aria-readonly', 'true');
    await userEvent.click(content);
    await expect.poll(focused).toBe(true);
    await userEvent.keyboard('zz');
    await expect.element(content).toHaveTextContent('alphabeta');
    expect(changes).toEqual([]);
    await userEvent.click(page.getByTestId('toggle-readonly'));
    await expect.element(content).not.toHaveAttribute('aria-readonly');
    await userEvent.click(content);
    await userEvent.keyboard('{Control>}{End}{/Control}q');
    expect(changes.at(-1)).toBe('alpha\nbeta\nq');
  });

  it('follows a new name without a new editor, and is gone with its owner', async () => {
    const content = await show();
    const element = content.element();
    await userEvent.click(page.getByTestId('rename'));
    await expect.element(content).toHaveAccessibleName('Edit renamed.txt');
    expect(content.element()).toBe(element);
    unmount(app!);
    app = undefined;
    expect(element.isConnected).toBe(false);
  });
});
