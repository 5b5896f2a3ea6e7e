import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createMemoryStore } from '../storage/memory-store.ts';
import { createFaultyStore } from '../storage/testing/faulty-store.ts';
import { mountApp, waitFor, type MountedApp } from './testing/mount-app.ts';

// The three-pane layout: the test frame is phone-sized by default, where the app shows one pane at a time.
beforeAll(() => page.viewport(1280, 800));

const mounted: MountedApp[] = [];
afterEach(async () => { while (mounted.length) await mounted.pop()!.destroy(); });

async function start(...args: Parameters<typeof mountApp>): Promise<MountedApp> {
  const app = await mountApp(...args);
  mounted.push(app);
  return app;
}

/** The list's per-tool buttons appear on hover, as for a mouse user. */
async function toolAction(name: string, action: 'tool-delete' | 'tool-duplicate' | 'Rename') {
  const item = page.getByTestId('tool-item').filter({ hasText: name });
  await item.hover();
  await (action === 'Rename' ? item.getByRole('button', { name: `Rename ${name}` }) : item.getByTestId(action)).click();
}

const toolNames = (root: ParentNode) =>
  [...root.querySelectorAll('[data-testid="tool-item"]')].map((el) => el.getAttribute('data-name'));

describe('the app shell', () => {
  it('opens on the starter tools with the first one in the editor and its schema beside it', async () => {
    await start();
    expect(toolNames(document)).toEqual(['get_weather', 'read_file', 'list_dir', 'echo', 'calculate', 'deploy', 'slow_fetch', 'slow_compute']);
    await expect.element(page.getByTestId('editor-title')).toHaveTextContent('get_weather');
    await expect.element(page.getByTestId('view-tab-schema')).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByTestId('schema-json')).toHaveTextContent('"city"');
    await expect.element(page.getByTestId('fields-model')).toHaveTextContent('get_weather');
    await expect.element(page.getByTestId('fields-runtime')).toHaveTextContent('Weather');
  });

  it('switches the schema between JSON and the Static<typeof parameters> type, and remembers the choice', async () => {
    const app = await start();
    await page.getByTestId('schema-format-type').click();
    await expect.element(page.getByTestId('schema-type')).toHaveTextContent('type GetWeatherParams = {');
    await expect.element(page.getByTestId('schema-type')).toHaveTextContent('city: string;');
    const reloaded = await app.reload();
    mounted.splice(mounted.indexOf(app), 1, reloaded);
    await expect.element(page.getByTestId('schema-type')).toBeVisible();
  });

  it('cycles the theme light, dark, system and keeps it across a reload', async () => {
    const app = await start();
    const toggle = page.getByTestId('theme-toggle');
    const root = document.documentElement;
    const initial = toggle.element().getAttribute('data-theme-choice');
    expect(initial).toBe('system');
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('data-theme-choice', 'light');
    expect(root.dataset.theme).toBe('light');
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('data-theme-choice', 'dark');
    expect(root.dataset.theme).toBe('dark');
    await new Promise((r) => setTimeout(r, 400)); // preferences are saved after a short pause
    const reloaded = await app.reload();
    mounted.splice(mounted.indexOf(app), 1, reloaded);
    await expect.element(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-choice', 'dark');
    expect(root.dataset.theme).toBe('dark');
    await page.getByTestId('theme-toggle').click();
    await expect.element(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-choice', 'system');
  });

  it('resizes the tool list from the keyboard and restores the width after a reload', async () => {
    const app = await start();
    const handle = page.getByTestId('resize-sidebar');
    const sidebar = () => app.target.querySelector<HTMLElement>('[data-testid="sidebar"]')!.getBoundingClientRect().width;
    const before = sidebar();
    (handle.element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() => sidebar() === before + 48, 'the sidebar to grow by 3 steps');
    await new Promise((r) => setTimeout(r, 400));
    const reloaded = await app.reload();
    mounted.splice(mounted.indexOf(app), 1, reloaded);
    const width = reloaded.target.querySelector<HTMLElement>('[data-testid="sidebar"]')!.getBoundingClientRect().width;
    expect(width).toBe(before + 48);
  });

  it('renames a tool from the list: the list, the editor and the source all follow', async () => {
    await start();
    await toolAction('echo', 'Rename');
    const input = page.getByTestId('tool-rename-input');
    await input.fill('say_back');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('tool-item').filter({ hasText: 'say_back' })).toBeVisible();
    await page.getByTestId('tool-item').filter({ hasText: 'say_back' }).getByText('say_back', { exact: true }).click();
    await expect.element(page.getByTestId('editor-title')).toHaveTextContent('say_back');
    await expect.element(page.getByTestId('editor').getByTestId('editor-content')).toHaveTextContent('name: "say_back"');
  });

  it('explains a refused rename next to the name field', async () => {
    await start();
    await toolAction('echo', 'Rename');
    await page.getByTestId('tool-rename-input').fill('calculate');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByTestId('tool-rename-error')).toHaveTextContent('A tool named calculate exists already.');
    await userEvent.keyboard('{Escape}');
    expect(toolNames(document)).toContain('echo');
  });

  it('resets to the examples after confirmation, and the header undo brings the work back', async () => {
    await start();
    await toolAction('echo', 'tool-delete');
    expect(toolNames(document)).not.toContain('echo');
    await page.getByTestId('workspace-menu').click();
    await page.getByTestId('menu-reset').click();
    await expect.element(page.getByTestId('confirm-reset')).toBeVisible();
    await page.getByTestId('confirm-reset-confirm').click();
    await waitFor(() => toolNames(document).includes('echo'), 'the examples to come back');
    await expect.element(page.getByTestId('workspace-undo')).toHaveAttribute('aria-label', 'Undo: Reset to examples');
    await page.getByTestId('workspace-undo').click();
    await waitFor(() => !toolNames(document).includes('echo'), 'the reset to be undone');
  });

  it('adds TypeScript and JSON Schema tools from the + menu', async () => {
    await start();
    await page.getByTestId('tool-add').click();
    await page.getByTestId('tool-add-typescript').click();
    await expect.element(page.getByTestId('editor-title')).toHaveTextContent('new_tool');
    await page.getByTestId('tool-add').click();
    await page.getByTestId('tool-add-json-schema').click();
    await expect.element(page.getByTestId('editor-title')).toHaveTextContent('mcp_tool');
    await expect.element(page.getByTestId('schema-json')).toHaveTextContent('"query"');
    expect(toolNames(document).slice(0, 3)).toEqual(['get_weather', 'new_tool', 'mcp_tool']);
  });

  it('moves a tool with Alt+Arrow keys and undoes the move with Ctrl+Z outside the editor', async () => {
    await start();
    const echo = page.getByTestId('tool-item').filter({ hasText: 'echo' }).getByText('echo', { exact: true });
    await echo.click();
    await userEvent.keyboard('{Alt>}{ArrowUp}{ArrowUp}{/Alt}');
    expect(toolNames(document).slice(0, 3)).toEqual(['get_weather', 'echo', 'read_file']);
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(toolNames(document).slice(0, 4)).toEqual(['get_weather', 'read_file', 'echo', 'list_dir']);
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(toolNames(document).slice(0, 3)).toEqual(['get_weather', 'echo', 'read_file']);
  });

  it('validates arguments of a JSON Schema tool in Try it and shows them as pi coerces them', async () => {
    await start();
    await page.getByTestId('tool-add').click();
    await page.getByTestId('tool-add-json-schema').click();
    await page.getByTestId('try-it-toggle').click();
    await expect.element(page.getByTestId('try-it-args')).toHaveValue('{\n  "query": ""\n}');
    await page.getByTestId('try-it-args').fill('{ "query": 42 }');
    await page.getByTestId('try-it-run').click();
    await expect.element(page.getByTestId('try-it-result')).toHaveAttribute('data-ok', 'true');
    await expect.element(page.getByTestId('try-it-result')).toHaveTextContent('"query": "42"');
    await page.getByTestId('try-it-args').fill('{ "query": {} }');
    await page.getByTestId('try-it-run').click();
    await expect.element(page.getByTestId('try-it-text')).toHaveTextContent('Validation failed for tool "mcp_tool"');
  });

  it('runs the code just typed in Try it, even when its evaluation was not due yet', async () => {
    await start({ typingDelayMs: 60_000 }); // without the click, this edit would not be evaluated for a minute
    await page.getByTestId('tool-add').click();
    await page.getByTestId('tool-add-json-schema').click();
    await page.getByTestId('try-it-toggle').click();
    await page.getByTestId('try-it-args').fill('{ "count": "7" }');
    const content = await waitFor(
      () => document.querySelector('[data-testid="editor"] .host')?.shadowRoot?.querySelector<HTMLElement>('.cm-content'),
      'the editor to load',
    );
    const { EditorView } = await import('@codemirror/view');
    const view = EditorView.findFromDOM(content)!;
    const schema = { name: 'mcp_tool', description: 'Counts.', inputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] } };
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: JSON.stringify(schema, null, 2) } });
    await page.getByTestId('try-it-run').click();
    // pi converts "7" to 7 for an integer property; the tool before the edit had no `count` at all.
    await expect.element(page.getByTestId('try-it-result')).toHaveAttribute('data-ok', 'true');
    await expect.element(page.getByTestId('try-it-result')).toHaveTextContent('"count": 7');
  });

  it('opens the hooks and loop settings page and saves the choices', async () => {
    const app = await start();
    await page.getByTestId('agent-settings-item').click();
    await expect.element(page.getByTestId('agent-page')).toBeVisible();
    await page.getByTestId('tool-execution-sequential').click();
    await page.getByTestId('system-prompt').fill('Be terse.');
    await expect.element(page.getByTestId('hooks-editor').getByTestId('editor-content')).toHaveTextContent('beforeToolCall');
    const reloaded = await app.reload();
    mounted.splice(mounted.indexOf(app), 1, reloaded);
    await expect.element(page.getByTestId('agent-page')).toBeVisible();
    await expect.element(page.getByTestId('tool-execution-sequential')).toBeChecked();
    await expect.element(page.getByTestId('system-prompt')).toHaveValue('Be terse.');
  });
});

describe('storage trouble, as the user sees it', () => {
  it('shows a storage failure, keeps editing in memory, and clears the message once saving works', async () => {
    const store = createFaultyStore(createMemoryStore());
    await start({ store });
    store.fail('quota');
    await toolAction('echo', 'tool-duplicate');
    await expect.element(page.getByTestId('status-message')).toHaveAttribute('data-kind', 'storage-quota');
    await expect.element(page.getByTestId('status-message')).toHaveTextContent('Browser storage is full');
    await expect.element(page.getByTestId('save-status')).toHaveTextContent('Not saved');
    await page.getByTestId('tool-add').click();
    await page.getByTestId('tool-add-typescript').click();
    expect(toolNames(document)).toEqual(expect.arrayContaining(['echo_copy', 'new_tool']));
    await new Promise((r) => setTimeout(r, 150)); // the save after that edit fails too (debounce is 30 ms)
    await expect.element(page.getByTestId('save-status')).toHaveAttribute('data-status', 'failed');

    store.fail(null);
    await page.getByTestId('storage-retry').click();
    await expect.element(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    expect(document.querySelector('[data-testid="status-message"]')).toBeNull();
  });

  it('asks which version to keep when another tab saved over pending edits', async () => {
    const store = createMemoryStore();
    const channelName = `conflict-${Date.now()}`;
    const tabA = await start({ store, channelName, saveDelayMs: 300 });
    const tabB = await start({ store, channelName, saveDelayMs: 5000 });
    const [deleteA, deleteB] = [tabA, tabB].map((tab) =>
      tab.target.querySelector<HTMLElement>('[data-testid="tool-item"][data-name="echo"] [data-testid="tool-delete"]')!);
    deleteB.click(); // tab B: an edit waiting for its save
    deleteA.click();
    const menuA = tabA.target.querySelector<HTMLButtonElement>('[data-testid="workspace-menu"]')!;
    menuA.click();
    await waitFor(() => tabA.target.querySelector('[data-testid="menu-export-file"]'), 'the menu');
    // Tab A saves first (its autosave). Both tabs share this window here, so a pagehide would reach both; in the
    // browser it reaches only the tab being left.
    const message = await waitFor(() => tabB.target.querySelector('[data-testid="status-message"][data-kind="conflict"]'), 'the conflict message');
    expect(message.textContent).toContain('This workspace was changed in another tab');
    tabB.target.querySelector<HTMLButtonElement>('[data-testid="conflict-keep-mine"]')!.click();
    await waitFor(() => tabB.target.querySelector('[data-testid="save-status"][data-status="saved"]'), 'tab B to save');
  });
});
