import { expect, test, type Page } from '@playwright/test';
import { ownDemo } from './own-demo.js';
import { openApp } from './app-page.js';

// A list held for search kept fresh for the cost of what changed (docs/decisions/0013): 100,000
// customers held, five renamed on the API, then Refresh: a few requests of the API's newest-first
// orders, no page of the whole list, and the search finds the new names.
const own = ownDemo({ customers: 100_000, contacts: 10, agreements: 10 }, 'Fresh desk');
test.describe.configure({ timeout: 180_000 });

const RENAMED = [3, 20_202, 50_000, 77_777, 99_998].map((number) => `CUS-${String(number).padStart(8, '0')}`);

const open = (page: Page) => openApp(page, own.host);

test('Refresh after 5 edits on a held list of 100,000 reads only what changed, and the edits are found', async ({
  page,
}) => {
  await open(page);
  const search = page.getByLabel('Search in every column');
  await search.fill('Qwertyuiop');
  await expect(page.getByTestId('held-list')).toContainText(
    /in 100,000 customers, (changes )?read (whole )?at \d/,
    {
      timeout: 120_000,
    },
  );
  await expect(page.getByTestId('row')).toHaveCount(0);

  for (const id of RENAMED) own.demo.store.rename('customers', id, `Qwertyuiop ${id}`);
  const before = own.demo.requests.length;
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('row')).toHaveCount(5, { timeout: 30_000 });
  const rows = await page
    .getByTestId('row')
    .evaluateAll((found) => found.map((row) => row.querySelector('[role="gridcell"]')?.textContent ?? ''));
  expect(rows.sort()).toEqual([...RENAMED].sort());
  const asked = own.demo.requests.slice(before).filter((url) => url.startsWith('/v1/customers?'));
  // The held list's catch-up: a page of each newest-first order; never a page of the whole list.
  const catchUp = asked.filter((url) => /sort=(updatedAt|createdAt)\.desc/.test(url));
  expect(catchUp.length).toBeGreaterThanOrEqual(2);
  expect(catchUp.length).toBeLessThanOrEqual(4);
  expect(asked.filter((url) => url.includes('size=500'))).toEqual([]);
  // With the count (asked beside the table's own), the whole refresh of the held list is at most 5.
  expect(catchUp.length + 1).toBeLessThanOrEqual(5);
});
