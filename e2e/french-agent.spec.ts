import { expect, test } from '@playwright/test';
import { openApp, nav } from './app-page.js';
import { startHostProcess, type HostProcess } from './host-process.js';

// A French-speaking agent's browser (fr-FR), on a computer where no language was ever chosen: the
// app speaks French from its first screen, and a language picked is kept over the browser's.
test.use({ locale: 'fr-FR' });

let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess();
});
test.afterAll(async () => {
  await host.stop();
});

test('a fr-FR browser opens the app in French; English, once picked, is kept over it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(await host.address());
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(nav(page, 'Clients')).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Clients' }).getByTestId('row').first()).toBeVisible();

  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await openApp(page, host);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(nav(page, 'Customers')).toBeVisible();
});
