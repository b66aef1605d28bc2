import { expect, test } from '@playwright/test';
import { openApp } from './app-page.js';
import { ownDemo } from './own-demo.js';

// An API answering 503 for a while: the app says it is waiting, backs off, and the rows arrive.
// The 503s are the Demo's answers to the page's first calls, whatever the machine's speed (a rate
// limit alone is met or not depending on how fast the page asks).
const own = ownDemo({ customers: 2_000, contacts: 500, agreements: 2_000 }, 'Overloaded');

test('an API answering 503 for a while: the wait is shown, then the rows', async ({ page }) => {
  own.demo.faults.failNext(4, { status: 503, retryAfterSeconds: 2 });
  await openApp(page, own.host, { rows: false });
  await expect(page.getByText('Slowed down by the API (503): retrying')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('row').first()).toBeVisible({ timeout: 30_000 });
  own.demo.faults.failNext(4, { status: 503, retryAfterSeconds: 2 });
  await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  await expect(page.getByTestId('row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
});
