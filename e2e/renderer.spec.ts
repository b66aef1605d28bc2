import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { serveFolder } from './static-server.js';

// The built renderer in a real Chromium, under the Content-Security-Policy it ships with.
let served: { url: string; server: Server };
test.beforeAll(async () => {
  served = await serveFolder(resolve('out/renderer'));
});
test.afterAll(() => new Promise<void>((done) => served.server.close(() => done())));

test('renders under its Content-Security-Policy with no console error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(served.url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer Data Browser');
  expect(problems).toEqual([]);
});
