import { expect, test, type Locator, type Page } from '@playwright/test';
import { ownDemo } from './own-demo.js';
import { chooseLanguage, nav, openApp } from './app-page.js';

// Views kept in memory and Refresh (docs/architecture.md, "Views kept in memory"), in Chromium
// through the browser host, against a Demo API of the test's own whose records the test changes
// behind the app's back: a view come back to within the minute is shown as it was, asking the API
// nothing; after the minute it is shown at once and its rows are read again, the changed one
// replaced; Refresh (the button, F5, Ctrl+R) reads the view again now, in both languages.
const own = ownDemo({ customers: 300, contacts: 300, agreements: 300 }, 'Changing API');

/** Renames the customer a row shows (its first cell is its id) on the server; returns the new name. */
async function renameOnServer(row: Locator, name: string): Promise<string> {
  const id = (await row.getByRole('gridcell').first().textContent()) ?? '';
  const customer = own.demo.store.customer(id);
  if (!customer) throw new Error(`the Demo has no customer ${id}`);
  customer.name = name;
  return name;
}

const open = (page: Page) => openApp(page, own.host);

test('Refresh, F5 and Ctrl+R read the rows on screen again and show a record changed on the server', async ({
  page,
}) => {
  const grid = await open(page);
  const first = grid.getByTestId('row').first();
  const renamed = await renameOnServer(first, 'Renamed by the server');
  await expect(first).not.toContainText(renamed);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(first).toContainText(renamed);

  // In French, by keyboard, without reloading the page (the view's place would be lost).
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const grille = page.getByRole('grid', { name: 'Clients' });
  await expect(grille.getByTestId('row').first()).toContainText(renamed);
  await page.evaluate(() => ((globalThis as { stillHere?: boolean }).stillHere = true));
  await expect(page.getByRole('button', { name: 'Actualiser' })).toHaveAttribute(
    'aria-keyshortcuts',
    'F5 Control+R',
  );
  const again = await renameOnServer(grille.getByTestId('row').first(), 'Renommé sur le serveur');
  await grille.focus();
  await page.keyboard.press('F5');
  await expect(grille.getByTestId('row').first()).toContainText(again);
  const third = await renameOnServer(grille.getByTestId('row').first(), 'Renommé une troisième fois');
  await page.keyboard.press('Control+r');
  await expect(grille.getByTestId('row').first()).toContainText(third);
  expect(await page.evaluate(() => (globalThis as { stillHere?: boolean }).stillHere)).toBe(true);
  await chooseLanguage(page, 'EN');
});

test('a view come back to is shown at once: as it was within the minute, read again after it', async ({
  page,
}) => {
  await page.clock.install();
  const grid = await open(page);
  // The schema's labels are on screen (the headers and the coded values come with one listing): the
  // row is compared as it will be shown, not as the API's raw values before the listing came.
  await expect(grid.getByRole('columnheader', { name: 'Type', exact: true })).toBeVisible();
  const second = grid.getByTestId('row').nth(1);
  const before = (await second.textContent()) ?? '';
  const renamed = await renameOnServer(second, 'Changed while the user looked elsewhere');

  // Within the minute: the rows kept, and no request to the API.
  await nav(page, 'Contacts').click();
  await expect(page.getByRole('grid', { name: 'Contacts' }).getByTestId('row').first()).toBeVisible();
  const asked = own.demo.requests.length;
  await nav(page, 'Customers').click();
  await expect(second).toHaveText(before);
  await page.waitForTimeout(500);
  expect(own.demo.requests.slice(asked).filter((request) => request.includes('/customers'))).toEqual([]);
  await expect(second).toHaveText(before);

  // After the minute: the rows kept at once, then the ones on screen read again and replaced.
  await nav(page, 'Contacts').click();
  await page.clock.fastForward('01:01');
  await nav(page, 'Customers').click();
  await expect(second).toBeVisible();
  await expect(second).toContainText(renamed);
  expect(own.demo.requests.slice(asked).some((request) => request.includes('/customers'))).toBe(true);
});
