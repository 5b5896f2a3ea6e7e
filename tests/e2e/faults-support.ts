// What the input fault probes share: the starter workspace's tool names, the check that the workspace is intact
// and the app still answers, and a call into window.piPlayground.
import { expect, type Page } from '@playwright/test';
import { createStarterWorkspace } from '../../src/content/examples/index.ts';

export const starter = createStarterWorkspace();
export const starterNames = starter.tools.map((t) => t.name);
export const toolNames = (page: Page) => page.getByTestId('tool-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-name')));
export type Api = NonNullable<Window['piPlayground']>;

/** The tool list is what it was, and the app still answers: the Schema tab opens and shows a schema. */
export async function expectIntact(page: Page, expected = starterNames): Promise<void> {
  expect(await toolNames(page)).toEqual(expected);
  await page.getByTestId('view-tab-schema').click();
  await expect(page.getByTestId('schema-json')).toBeVisible();
}

/** Runs `run` in the page with window.piPlayground (the function's text is sent, so it may use no outer names). */
export async function api<T>(page: Page, run: (api: Api) => Promise<T> | T): Promise<T> {
  await page.waitForFunction(() => window.piPlayground !== undefined);
  return page.evaluate(`(${run.toString()})(window.piPlayground)`) as Promise<T>;
}
