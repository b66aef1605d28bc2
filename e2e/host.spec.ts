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
  await page.goto(await host.address());
  await expect(page.getByTestId('connection')).toHaveText('Connection: Demo');
  await expect(page.getByTestId('token')).toHaveText(/^Tokens today: \d+ \/ 15$/);
  // Whole in its title, where the bar cuts it short.
  await expect(page.getByTestId('token')).toHaveAttribute(
    'title',
    /^Tokens used today by this computer: \d+ \/ 15$/,
  );
  expect(page.url()).not.toContain('session=');
  await page.reload();
  await expect(page.getByTestId('connection')).toHaveText('Connection: Demo');
  expect(problems).toEqual([]);
});

test('an address works once: opened again (from the history, in another tab) it lets nobody in', async ({
  browser,
}) => {
  const address = await host.address();
  const first = await browser.newPage();
  await first.goto(address);
  await expect(first.getByTestId('connection')).toHaveText('Connection: Demo');
  const second = await browser.newPage();
  await second.goto(address);
  await expect(second.getByRole('alert')).toContainText('This address was already used');
  const status = await second.evaluate(
    async () => (await fetch('/api/connection.status', { method: 'POST', body: '{}' })).status,
  );
  expect(status).toBe(401);
  // The first tab goes on with its own session.
  await first.reload();
  await expect(first.getByTestId('connection')).toHaveText('Connection: Demo');
});

test('without the session key the page says how to get in, and the API refuses it', async ({ page }) => {
  await page.goto(host.origin);
  await expect(page.getByRole('alert')).toContainText('Open the address the app printed');
  const status = await page.evaluate(
    async () => (await fetch('/api/connection.status', { method: 'POST', body: '{}' })).status,
  );
  expect(status).toBe(401);
});
