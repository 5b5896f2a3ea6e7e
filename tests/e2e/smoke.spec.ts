import { expect, test } from '@playwright/test';

test('the page loads with its title', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'pi tool playground' })).toBeVisible();
});
