import { expect, test } from '@playwright/test';

test('the playground loads', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Site Identity playground' })).toBeVisible();
});
