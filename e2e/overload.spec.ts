import { expect, test } from '@playwright/test';
import { startHostProcess, type HostProcess } from './host-process.js';

// A Demo API that allows far less than the spec's 20 requests a second answers 503 for a while:
// the app says it is waiting, backs off, and the rows arrive.
let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess(['--demo-rate', '2', '--demo-burst', '2']);
});
test.afterAll(() => host.stop());

test('an API answering 503 for a while: the wait is shown, then the rows', async ({ page }) => {
  await page.goto(await host.address());
  await expect(page.getByText('Slowed down by the API (503): retrying')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  await expect(page.getByTestId('row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
});
