import { expect, test } from '@playwright/test';
import { openApp, nav } from './app-page.js';
import { activeRow } from './grid.js';
import { startDemoApi, type DemoApi } from '../electron/demo-api/testing/faults.js';
import { runCdb } from './cdb-process.js';
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

test('a fr-FR browser opens the app in French, its search box leads to the results by Down or Enter; English, once picked, is kept', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(await host.address());
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(nav(page, 'Clients')).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Clients' });
  await expect(grid.getByTestId('row').first()).toBeVisible();

  // From the table's search box to its results: Down, or Enter, puts the keyboard on the grid.
  const search = page.getByRole('searchbox', { name: 'Rechercher dans toutes les colonnes' });
  for (const key of ['ArrowDown', 'Enter']) {
    await search.fill('Façon');
    await expect(grid.getByTestId('row').first()).toContainText('Façon');
    await search.press(key);
    await expect(grid).toBeFocused();
    expect((await activeRow(grid))?.id).toMatch(/^CUS-/);
  }

  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await openApp(page, host);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(nav(page, 'Customers')).toBeVisible();
});

test.describe('a new computer where cdb made the one connection', () => {
  let demo: DemoApi;
  let prepared: HostProcess;
  test.beforeAll(async () => {
    demo = await startDemoApi({ size: { customers: 300, contacts: 300, agreements: 300 } });
    prepared = await startHostProcess(
      [],
      {},
      {
        before: async (dataDir) => {
          const added = await runCdb(
            [
              'profile',
              'add',
              '--name',
              'API du service',
              '--base-url',
              demo.baseUrl,
              '--auth-url',
              demo.authUrl,
              '--audience',
              demo.audience,
              '--client-id',
              demo.clientId,
            ],
            { CDB_DATA_DIR: dataDir },
            demo.clientSecret,
          );
          expect(added.code, added.stderr).toBe(0);
        },
      },
    );
  });
  test.afterAll(async () => {
    await prepared.stop();
    await demo.close();
  });

  test('the first start opens on it, with its rows, not on "no connection"', async ({ page }) => {
    await page.goto(await prepared.address());
    await expect(page.getByTestId('connection')).toContainText('API du service');
    await expect(page.getByRole('grid', { name: 'Clients' }).getByTestId('row').first()).toBeVisible();
  });
});
