// Accessibility: the main screens have no serious or critical axe violations, in light and dark themes.
import { expect, test } from '@playwright/test';
import { openApp } from './support.ts';
import { seriousViolations } from './axe-scan.ts';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the tool screen and the agent settings pass axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openApp(page);
    await expect(page.getByTestId('editor')).toHaveAttribute('data-ready', 'true');
    const serious = () => seriousViolations(page);
    expect(await serious()).toEqual([]);
    await page.getByTestId('try-it-toggle').click();
    await page.getByTestId('agent-settings-item').click();
    await expect(page.getByTestId('hooks-editor')).toHaveAttribute('data-ready', 'true');
    expect(await serious()).toEqual([]);
  });
}
