import { expect, test, type Page } from '@playwright/test';
import { ownDemo } from './own-demo.js';
import { startHostProcess } from './host-process.js';
import { openApp } from './app-page.js';
import { axeViolations } from './axe.js';
import { shoot } from './shoot.js';

// A list held for search kept fresh for the cost of what changed (docs/decisions/0013): 100,000
// customers held, five renamed on the API, then Refresh: a few requests of the API's newest-first
// orders, no page of the whole list, and the search finds the new names; each renamed row says so in
// words, with the name before on its cell and in its record, until it is marked as seen.
const own = ownDemo({ customers: 100_000, contacts: 10, agreements: 10 }, 'Fresh desk');
test.describe.configure({ timeout: 180_000 });

const RENAMED = [3, 20_202, 50_000, 77_777, 99_998].map((number) => `CUS-${String(number).padStart(8, '0')}`);

const open = (page: Page) => openApp(page, own.host);

test('Refresh after 5 edits on a held list of 100,000 reads only what changed, and the edits are found', async ({
  page,
}, testInfo) => {
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

  const before = new Map<string, string>();
  for (const id of RENAMED) {
    const { record } = (await own.host.call('lists.record', {
      list: { resource: 'customers' },
      lang: 'en',
      id,
      read: false,
    })) as { record: { name: string } };
    before.set(id, record.name);
    own.demo.store.rename('customers', id, `Qwertyuiop ${id}`);
  }
  const requestsBefore = own.demo.requests.length;
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('row')).toHaveCount(5, { timeout: 30_000 });
  const rows = await page
    .getByTestId('row')
    .evaluateAll((found) =>
      found.map((row) => row.querySelector('[role="gridcell"]')?.firstChild?.textContent ?? ''),
    );
  expect(rows.sort()).toEqual([...RENAMED].sort());
  const asked = own.demo.requests.slice(requestsBefore).filter((url) => url.startsWith('/v1/customers?'));
  // The held list's catch-up: a page of each newest-first order; never a page of the whole list.
  const catchUp = asked.filter((url) => /sort=(updatedAt|createdAt)\.desc/.test(url));
  expect(catchUp.length).toBeGreaterThanOrEqual(2);
  expect(catchUp.length).toBeLessThanOrEqual(4);
  expect(asked.filter((url) => url.includes('size=500'))).toEqual([]);
  // With the count (asked beside the table's own), the whole refresh of the held list is at most 5.
  expect(catchUp.length + 1).toBeLessThanOrEqual(5);

  // What changed, said in words: the bar, each row's first cell, the name before on its cell.
  await expect(page.getByTestId('changes-bar')).toContainText('5 rows changed since you last looked');
  const marked = await page.getByTestId('row').evaluateAll((found) =>
    found.map((row) => {
      const [id, ...cells] = [...row.querySelectorAll('[role="gridcell"]')];
      const changed = cells.filter((cell) => cell.classList.contains('changed'));
      return {
        id: id?.firstChild?.textContent ?? '',
        words: id?.querySelector('.change-words')?.textContent?.trim() ?? '',
        was: changed.map((cell) => cell.getAttribute('title') ?? ''),
      };
    }),
  );
  for (const row of marked) {
    expect(row.words).toMatch(/^changed at \d{2}:\d{2}$/);
    expect(row.was).toContainEqual(
      expect.stringMatching(new RegExp(`^was: ${before.get(row.id)} \\(changed at`)),
    );
  }
  // The record beside the table says the name before too.
  await page.getByTestId('row').first().click();
  await page.keyboard.press('Space');
  const panel = page.getByRole('region', { name: /^Record / });
  await expect(panel.locator('.record-was').first()).toHaveText(/^was: .+ \(changed at \d{2}:\d{2}\)$/);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, testInfo.outputPath('what-changed.png'), 'what-changed');

  // Only what changed, out of the 100,000: the five, without a search.
  await search.fill('');
  await page.getByRole('button', { name: 'Show only what changed', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Show only what changed', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Remove filter Show only what changed' })).toBeVisible();
  await expect(page.getByTestId('row')).toHaveCount(5);
  expect(await axeViolations(page)).toEqual([]);

  // Marked as seen: the marks go, and nothing changed is left to show.
  await page.getByRole('button', { name: 'Mark as seen' }).click();
  await expect(page.getByTestId('row')).toHaveCount(0);
  await expect(page.locator('.change-words')).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove filter Show only what changed' }).click();
  await expect(page.getByTestId('changes-bar')).toHaveCount(0);
  await expect(page.getByTestId('row').first()).toBeVisible();

  // Refresh when nothing changed says so, in words (it said nothing at all).
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('changes-bar')).toHaveText(
    /^Nothing changed since \d{2}:\d{2} \(read again at \d{2}:\d{2}\)\.$/,
    { timeout: 30_000 },
  );
});

test('the Demo changes its records overnight when asked (--demo-changes-per-minute): Refresh shows what changed', async ({
  page,
}) => {
  const host = await startHostProcess([
    '--demo-customers',
    '3000',
    '--demo-contacts',
    '10',
    '--demo-agreements',
    '10',
    '--demo-changes-per-minute',
    '600',
  ]);
  try {
    await openApp(page, host);
    await page.getByLabel('Search in every column').fill('zzz');
    await expect(page.getByTestId('held-list')).toContainText(/in 3,\d{3} customers/, { timeout: 60_000 });
    // Ten changes a second: renamed, new, gone, as a real API's records change overnight.
    await page.waitForTimeout(3_000);
    await page.getByLabel('Search in every column').fill('');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByTestId('changes-bar')).toContainText(/\d+ rows? changed since you last looked/, {
      timeout: 30_000,
    });
  } finally {
    await host.stop();
  }
});
