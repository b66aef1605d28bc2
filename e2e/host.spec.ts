import { expect, test } from '@playwright/test';
import { startHostProcess, type HostProcess } from './host-process.js';

// Start-up on the Demo connection, through the browser host in a real Chromium: the same check the
// Electron spec makes where the Electron runtime is installed.
let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess();
});
test.afterAll(() => host.stop());

test('opens on the Demo connection, and takes the session key out of the address bar', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveText('Connection: Demo');
  await expect(page.getByTestId('token')).toHaveText(/^Tokens used today: \d+ \/ 15$/);
  expect(page.url()).not.toContain('session=');
  await page.reload();
  await expect(page.getByTestId('connection')).toHaveText('Connection: Demo');
  expect(problems).toEqual([]);
});

test('without the session key the page says how to get in, and the API refuses it', async ({ page }) => {
  await page.goto(new URL(host.url).origin);
  await expect(page.getByRole('alert')).toContainText('Open the address the app printed');
  const status = await page.evaluate(
    async () => (await fetch('/api/session.status', { method: 'POST', body: '{}' })).status,
  );
  expect(status).toBe(401);
});
