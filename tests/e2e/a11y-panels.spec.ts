// Accessibility across the whole app: axe finds no serious or critical violation on any registered panel (with a
// recorded run and a selected span, so the timeline and the log have content) nor in the main dialogs — share,
// export to pi, keyboard shortcuts, a lesson page and its quiz — in both themes and both languages.
import { expect, test, type Page } from '@playwright/test';
import { createDemoApi } from '../demos/support/demo-kit.ts';
import { seriousViolations } from './axe-scan.ts';

/**
 * Serious and critical violations in the page, or only inside `scope` (a selector): what changes from one step to
 * the next (the views pane, a dialog) is scanned each time, the whole page once per state of the workspace, so the
 * editor and the tool list are not scanned a dozen times over.
 */
function serious(page: Page, where: string, scope?: string): Promise<string[]> {
  return seriousViolations(page, scope, where);
}

for (const theme of ['light', 'dark'] as const) {
  for (const lang of ['en', 'zh-CN'] as const) {
    test(`every panel and the main dialogs pass axe in the ${theme} theme, ${lang}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(`/?theme=${theme}&lang=${lang}`);
      await page.waitForFunction(() => window.piPlayground !== undefined);
      const api = createDemoApi(page);
      expect((await api.waitFor('ready')).ok).toBe(true);
      await api.act('loadScenario', 'parallel-vs-sequential');
      await api.act('stepPhase', { callId: 'fetch', phase: 'execute' });
      const found: string[] = [];
      found.push(...(await serious(page, 'the whole page')));

      const panels = await page.evaluate(() => window.piPlayground!.panels());
      expect(panels.length).toBeGreaterThanOrEqual(7);
      for (const panel of panels) {
        await api.act('setPanel', panel);
        await expect(page.getByTestId(`view-panel-${panel}`)).toBeVisible();
        found.push(...(await serious(page, `panel ${panel}`, '[data-testid="views"]')));
      }

      await page.getByTestId('share-open').click();
      await expect(page.getByTestId('share-dialog')).toBeVisible();
      found.push(...(await serious(page, 'share dialog', '[data-testid="share-dialog"]')));
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('share-dialog')).toBeHidden();

      await page.getByTestId('workspace-menu').click();
      await page.getByTestId('menu-export-pi').click();
      await expect(page.getByTestId('export-pi-dialog')).toBeVisible();
      found.push(...(await serious(page, 'export dialog', '[data-testid="export-pi-dialog"]')));
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('export-pi-dialog')).toBeHidden();

      await page.getByTestId('shortcuts-open').click();
      await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
      found.push(...(await serious(page, 'shortcuts dialog', '[data-testid="shortcuts-dialog"]')));
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('shortcuts-dialog')).toBeHidden();

      const lesson = await api.act('loadLesson', 'hooks');
      await expect(page.getByTestId('lesson-page')).toBeVisible();
      found.push(...(await serious(page, 'lesson page, with the lesson\'s workspace')));
      // Watched to the end, the quiz appears; one answer shows its explanation.
      await api.act('seek', lesson.durationMs);
      await expect(page.getByTestId('lesson-quiz')).toBeVisible();
      await page.getByTestId('quiz-choice-before-when-before-validation').check();
      await expect(page.getByTestId('quiz-explanation-before-when')).toBeVisible();
      found.push(...(await serious(page, 'lesson quiz', '[data-testid="lesson-quiz"]')));

      expect(found).toEqual([]);
    });
  }
}
