// Authoring journeys: edit a tool and watch its schema, survive a reload, switch themes.
import { expect, test } from '@playwright/test';
import { editorContent, openApp, selectTool } from './support.ts';

test('typing a new property into a tool updates the JSON Schema and the TypeScript type', async ({ page }) => {
  await openApp(page);
  await selectTool(page, 'echo');
  await expect(page.getByTestId('schema-json')).not.toContainText('"shout"');
  // Put the cursor at the start of the parameters object and type a new property, as a user would.
  await editorContent(page).getByText('const parameters = Type.Object({').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('shout: Type.Optional(Type.Boolean({ description: "Upper-case the reply" })),', { delay: 5 });
  await expect(page.getByTestId('schema-json')).toContainText('"shout"');
  await expect(page.getByTestId('schema-json')).toContainText('"Upper-case the reply"');
  await page.getByTestId('schema-format-type').click();
  await expect(page.getByTestId('schema-type')).toContainText('shout?: boolean;');
  await expect(page.getByTestId('schema-type')).toContainText('/** Upper-case the reply */');
});

test('a reload restores the tools, their code, the selection and the open schema format', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('tool-add').click();
  await page.getByTestId('tool-add-typescript').click();
  await expect(page.getByTestId('editor-title')).toHaveText('new_tool');
  await editorContent(page).getByText('What to look up').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' // kept across reloads');
  await page.getByTestId('schema-format-type').click();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

  await page.reload();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('editor-title')).toHaveText('new_tool');
  await expect(editorContent(page)).toContainText('// kept across reloads');
  await expect(page.getByTestId('schema-type')).toBeVisible({ timeout: 20_000 });
  const names = await page.getByTestId('tool-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-name')));
  expect(names).toEqual(['get_weather', 'new_tool', 'read_file', 'list_dir', 'echo', 'calculate', 'deploy', 'slow_fetch', 'slow_compute']);
});

test('the theme toggle switches light and dark, and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openApp(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByTestId('theme-toggle').click(); // system -> light
  await page.getByTestId('theme-toggle').click(); // light -> dark
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await background()).not.toBe(light);
  // Preferences are saved after a short pause: wait until the choice is in storage, then reload.
  const storedTheme = () => page.evaluate(() => new Promise<unknown>((resolve) => {
    const open = indexedDB.open('pi-playground');
    open.onsuccess = () => {
      const read = open.result.transaction('kv', 'readonly').objectStore('kv').get('preferences');
      read.onsuccess = () => { resolve((read.result as { theme?: string } | undefined)?.theme); open.result.close(); };
    };
  }));
  await expect.poll(storedTheme).toBe('dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-choice', 'dark');
});
