// The exercises whose model is code: the learner changes list_dir's description (A) or read_file's
// `throw new Error(...)` text (B) in the editor, presses Play, and the event log shows the model's next call
// following that change. And a code turn added in the scenario form runs, with its errors at their line.
import { expect, test, type Page } from '@playwright/test';
import { EXERCISE_LIST_DIR, EXERCISE_READ_FILE } from '../../src/content/lessons/index.ts';
import { editorContent, replaceEditorText, selectTool } from './support.ts';

async function openLesson(page: Page, id: string): Promise<void> {
  await page.goto('/?lang=en');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await page.getByTestId('view-tab-lessons').click();
  await page.getByTestId(`lesson-card-${id}`).click();
  await expect(page.getByTestId('lesson-page')).toHaveAttribute('data-lesson', id);
  await page.getByTestId('lesson-pause-at-captions').uncheck();
  await page.getByTestId('lesson-speed').selectOption('8');
}

/** Plays the lesson's recording to its end. */
async function playToEnd(page: Page): Promise<void> {
  await expect(page.getByTestId('lesson-play')).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId('lesson-play').click();
  await expect(page.getByTestId('lesson-controls')).toHaveAttribute('data-state', 'ended', { timeout: 30_000 });
}

/** The event log's tool_execution_start row of each call (filtered by call, so a long log needs no scrolling). */
async function callsInEventLog(page: Page): Promise<string[]> {
  await page.getByTestId('view-tab-events').click();
  const select = page.getByTestId('events-call');
  // "All calls" plus one option per call; zero options means the panel has not drawn the log yet.
  await expect.poll(() => select.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
  const ids = (await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).filter(Boolean);
  const texts: string[] = [];
  for (const id of ids) {
    await select.selectOption(id);
    const start = page.getByTestId('event-row').and(page.locator('[data-type="tool_execution_start"]'));
    await expect(start).toHaveCount(1);
    texts.push((await start.textContent() ?? '').replace(/\s+/g, ' ').trim());
  }
  await select.selectOption('');
  await page.getByTestId('view-tab-lessons').click();
  return texts;
}

/** "read_file call_1_1" from an event row. */
const callOf = (row: string) => /(\w+) (call_\d+_\d+)/.exec(row)?.slice(1).join(' ');

/** Types a change into a tool's source in the editor (Play then records the lesson anew). */
async function editToolAndRecord(page: Page, tool: string, source: string): Promise<void> {
  await selectTool(page, tool);
  await replaceEditorText(page, source);
  await expect(editorContent(page)).toContainText(source.split('\n').find((line) => line.includes('Relative paths only') || line.includes('The notes folder has'))!.trim());
}

test('Exercise A: the model sends a relative path once list_dir\'s description asks for one', async ({ page }) => {
  test.setTimeout(120_000);
  await openLesson(page, 'exercise-list-dir');
  await playToEnd(page);
  const before = await callsInEventLog(page);
  expect(before).toHaveLength(2);
  expect(before[0]).toContain('list_dir call_1_1');
  expect(before[0]).toContain('"path":"/notes"');
  expect(before[1]).toContain('list_dir call_2_2');
  expect(before[1]).toContain('"path":"notes"');

  const described = EXERCISE_LIST_DIR.source.replace('each folder ending in /.', 'each folder ending in /. Relative paths only.');
  await editToolAndRecord(page, 'list_dir', described);
  await playToEnd(page);
  const after = await callsInEventLog(page);
  expect(after).toHaveLength(1);
  expect(after[0]).toContain('list_dir call_1_1');
  expect(after[0]).toContain('"path":"notes"');
  expect(after[0]).not.toContain('/notes');
});

test('Exercise B: an error that names the folder\'s files makes the model read the right file next', async ({ page }) => {
  test.setTimeout(120_000);
  await openLesson(page, 'exercise-missing-path');
  await playToEnd(page);
  const before = await callsInEventLog(page);
  expect(before.map(callOf)).toEqual(['read_file call_1_1', 'list_dir call_2_1', 'read_file call_3_1']);
  expect(before[2]).toContain('"path":"notes/todo.md"');

  const clearer = EXERCISE_READ_FILE.source.replace(
    'throw new Error(`File not found: ${path}`);',
    'throw new Error(`File not found: ${path}. The notes folder has cities.md, todo.md`);',
  );
  await editToolAndRecord(page, 'read_file', clearer);
  await playToEnd(page);
  const after = await callsInEventLog(page);
  expect(after.map(callOf)).toEqual(['read_file call_1_1', 'read_file call_2_1']);
  expect(after[1]).toContain('"path":"notes/todo.md"');
});

test('a code turn added in the scenario form runs in the sandbox; a throw shows at its turn and line', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?lang=en');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await page.getByTestId('view-tab-scenario').click();
  await page.getByTestId('scenario-new').click();
  await page.getByTestId('scenario-new-blank').click();
  await page.getByTestId('scenario-turn-remove').click();
  await page.getByTestId('scenario-add-code-turn').click();
  await expect(page.getByTestId('scenario-turn')).toHaveAttribute('data-kind', 'code');
  const code = page.getByTestId('scenario-code-turn-editor');
  await expect(code).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(code.locator('.cm-content')).toContainText('export default (context, options, state, model) =>');

  await replaceEditorText(page, [
    'import { fauxAssistantMessage } from "@earendil-works/pi-ai/compat";',
    'export default (context) => {',
    '  const missing = context.tools.find((tool) => tool.name === "nope");',
    '  return fauxAssistantMessage(missing.description);',
    '};',
  ].join('\n'), 'scenario-code-turn-editor');
  await page.getByTestId('transport-speed').selectOption('8');
  await page.getByTestId('transport-play').click();
  await expect(page.getByTestId('transport')).toHaveAttribute('data-state', 'ended', { timeout: 30_000 });
  await expect(page.getByTestId('scenario-code-turn-failure')).toHaveText(/^Code turn 1, line 4: Cannot read properties of undefined \(reading 'description'\)$/);

  // Fixed: the model answers with what it read in the request, and the failure is gone.
  await replaceEditorText(page, [
    'import { fauxAssistantMessage } from "@earendil-works/pi-ai/compat";',
    'export default (context) => fauxAssistantMessage("I can use " + context.tools.map((tool) => tool.name).join(", "));',
  ].join('\n'), 'scenario-code-turn-editor');
  // Play alone records anew after the edit.
  await page.getByTestId('transport-play').click();
  await expect(page.getByTestId('transport')).toHaveAttribute('data-state', 'ended', { timeout: 30_000 });
  await expect(page.getByTestId('scenario-code-turn-failure')).toHaveCount(0);
  await page.getByTestId('view-tab-events').click();
  await expect(page.getByTestId('event-row').and(page.locator('[data-type="message_end"]')).last()).toContainText('I can use get_weather, read_file, list_dir');
});
