import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { activeRow } from './grid.js';
import { keptDesk as keptDeskOf } from './kept-desk.js';
import { ownDemo } from './own-demo.js';
import { startHostProcess } from './host-process.js';
import { openApp } from './app-page.js';

// Back where one left off (docs/decisions/0009-session-restore.md), in Chromium through the browser
// host: a customer's agreements, sorted and filtered, at row 5,000, come back there after the host
// restarts, reading only what the screen shows, its search kept only encrypted; a reload keeps the tab's place, a new tab starts on
// the first list; "Start with a clean window" forgets; a desk whose connection is gone says so.
const own = ownDemo({ customers: 2, contacts: 20, agreements: 14_000 }, 'Restore API');
test.describe.configure({ timeout: 120_000 });

const CUSTOMER = 'CUS-00000001';
const AGREEMENTS = 'Agreements of this customer';

const open = (page: Page) => openApp(page, own.host, { rows: false });

const keptDesk = (page: Page) => keptDeskOf(page, own.host.dataDir);

test('a customer’s agreements, sorted and filtered at row 5,000, come back there after a restart, reading only what is shown', async ({
  page,
}) => {
  await own.host.call('settings.set', { pageSize: 500 });
  const { total } = (await own.host.call('data.count', {
    view: { resource: 'agreements', customerId: CUSTOMER },
  })) as { total: number };
  await open(page);
  await expect(page.getByRole('grid', { name: 'Customers' }).getByTestId('row').first()).toBeVisible();
  await page.getByLabel('Open customer').fill(CUSTOMER);
  await page.getByLabel('Open customer').press('Enter');
  const region = page.getByRole('region', { name: AGREEMENTS });
  const grid = region.getByRole('grid', { name: AGREEMENTS });
  await expect(grid.getByTestId('row').first()).toBeVisible();
  const mrr = region.getByRole('columnheader', { name: 'MRR', exact: true });
  await mrr.getByRole('button').click();
  await expect(mrr).toHaveAttribute('aria-sort', 'descending');
  await region.getByRole('searchbox', { name: 'Search in every column' }).fill('AGR-');
  await expect(grid.getByTestId('row').first()).toContainText('AGR-');
  // The summary above the tables shows once the agreements are read whole (the rows the filter
  // shows come from the same read): the page is settled before a row is clicked.
  await expect(page.getByRole('table', { name: 'Agreements by status' })).toBeVisible({ timeout: 60_000 });
  // Scrolled down, and row 5,000 clicked.
  const row5000 = grid.locator(`[data-testid="row"][aria-rowindex="${4_999 + 2}"]`);
  await expect(async () => {
    await grid.evaluate((element) => (element.scrollTop = 4_990 * 32));
    await expect(row5000).toContainText('AGR-', { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await row5000.getByRole('gridcell').nth(1).click();
  await expect.poll(async () => (await activeRow(grid))?.index).toBe(4_999);
  const left = await activeRow(grid);
  // Written a second after the user stops (and at once when the page goes: not when the host dies).
  await expect
    .poll(() => keptDesk(page))
    .toMatchObject({
      screen: {
        kind: 'customer',
        customerId: CUSTOMER,
        tables: {
          agreements: { sort: 'mrr.desc', filter: [], table: { active: { row: 4_999 } } },
        },
      },
    });
  // What was typed in the search box reaches the file only encrypted with the keychain's key.
  const file = await readFile(join(own.host.dataDir, 'desks.json'), 'utf8');
  expect(file).not.toContain('AGR-');
  expect(file).toMatch(/"typed":"aes-256-gcm:/);

  own.host = await own.host.restart();
  const asked = own.demo.requests.length;
  await open(page);
  const back = page.getByRole('region', { name: AGREEMENTS }).getByRole('grid', { name: AGREEMENTS });
  await expect.poll(async () => await activeRow(back), { timeout: 30_000 }).toEqual(left);
  await expect(page.getByRole('columnheader', { name: 'MRR', exact: true }).nth(1)).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(
    page.getByRole('region', { name: AGREEMENTS }).getByRole('searchbox', { name: 'Search in every column' }),
  ).toHaveValue('AGR-');
  // The row on the grid's screen (the page itself opens at its top, the grid below the contacts').
  await back.scrollIntoViewIfNeeded();
  await expect(back.locator(`[data-testid="row"][aria-rowindex="${4_999 + 2}"]`)).toBeInViewport();

  // What the restart read: what the customer's screen shows — its counts, the schemas, the contacts'
  // first page, its agreements once as the list held for search, which the summary and the filter
  // share — and nothing of the customers' list it used to open on; the token kept, none asked for.
  const requests = own.demo.requests.slice(asked);
  expect(requests.filter((path) => path.startsWith('/v1/customers?'))).toEqual([]);
  expect(requests.filter((path) => !path.startsWith('/v1/'))).toEqual([]);
  const pages = Math.ceil(total / 500);
  const agreementPages = requests.filter((path) =>
    path.startsWith(`/v1/customers/${CUSTOMER}/agreements?size=500`),
  );
  expect(agreementPages.length).toBeLessThanOrEqual(pages);
  const contactPages = requests.filter((path) => path.startsWith(`/v1/customers/${CUSTOMER}/contacts?size=`));
  expect(contactPages).toHaveLength(1);
});

test('a reload keeps the tab’s place; another tab starts on the first list', async ({ page, context }) => {
  await own.host.call('settings.set', { pageSize: 200 });
  await open(page);
  await page.getByRole('navigation').getByRole('button', { name: 'Contacts' }).click();
  const contacts = page.getByRole('grid', { name: 'Contacts' });
  await expect(contacts.getByTestId('row').first()).toBeVisible();
  await contacts.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await activeRow(contacts))?.index).toBe(2);
  await expect.poll(() => keptDesk(page)).toMatchObject({ screen: { kind: 'list', resource: 'contacts' } });

  await page.reload();
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Contacts' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect
    .poll(async () => (await activeRow(page.getByRole('grid', { name: 'Contacts' })))?.index)
    .toBe(2);

  const other = await context.newPage();
  await other.goto(await own.host.address());
  await expect(other.getByRole('grid', { name: 'Customers' }).getByTestId('row').first()).toBeVisible();
  await other.close();
});

test('a reload at once after moving to another list keeps that list: the place is written as the page goes', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  await expect(page.getByRole('grid', { name: 'Agreements' }).getByTestId('row').first()).toBeVisible();
  // Within the second the place waits before it is written: only the page going writes it.
  await page.reload();
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Agreements' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('without a keychain, what was typed is not kept: a reload comes back to the place without its search, and says so once', async ({
  page,
}) => {
  // No D-Bus session bus: keytar finds no Secret Service, so no key can encrypt the search.
  const host = await startHostProcess([], { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent-bus' });
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(await host.address());
    const customers = page.getByRole('grid', { name: 'Customers' });
    await expect(customers.getByTestId('row').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search in every column' }).fill('Façon');
    await expect(customers.getByTestId('row').first()).toContainText('Façon');
    await page.getByRole('navigation').getByRole('button', { name: 'Contacts' }).click();
    await expect
      .poll(() => keptDeskOf(page, host.dataDir))
      .toMatchObject({ screen: { resource: 'contacts' } });
    expect(await readFile(join(host.dataDir, 'desks.json'), 'utf8')).not.toContain('Façon');

    await page.reload();
    await expect(page.getByRole('navigation').getByRole('button', { name: 'Contacts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const notice = page.getByRole('status').filter({ hasText: 'without its search and filters' });
    await expect(notice).toBeVisible();
    await page.getByRole('navigation').getByRole('button', { name: 'Customers' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search in every column' })).toHaveValue('');
    // It was about the reopening: once the person moves on, it goes (it stayed above every page all day).
    await expect(notice).toHaveCount(0);
    // Said once: once the desk is kept again with nothing typed since, a reload says nothing.
    await expect
      .poll(() => keptDeskOf(page, host.dataDir))
      .toMatchObject({ screen: { resource: 'customers' } });
    expect(await readFile(join(host.dataDir, 'desks.json'), 'utf8')).not.toContain('typedLeftOut');
    await page.reload();
    await expect(page.getByRole('grid', { name: 'Customers' }).getByTestId('row').first()).toBeVisible();
    await expect(page.getByText('without its search and filters')).toHaveCount(0);

    // Saving a view promises no encryption the status bar says there is none for.
    await page.getByRole('button', { name: 'Save view…' }).click();
    const stored = page.getByRole('dialog').locator('#save-view-stored');
    await expect(stored).toContainText('There is no system keychain here');
    await expect(stored).not.toContainText('kept only encrypted');
  } finally {
    await host.stop();
  }
});

test('“Start with a clean window” forgets where the tab was, and keeps nothing while it is on', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  await expect(page.getByRole('grid', { name: 'Agreements' }).getByTestId('row').first()).toBeVisible();
  await expect.poll(() => keptDesk(page)).toMatchObject({ screen: { kind: 'list', resource: 'agreements' } });

  await page.getByText('Saved views', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Start with a clean window' }).check();
  await expect.poll(() => keptDesk(page)).toBeUndefined();
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Customers' }).getByTestId('row').first()).toBeVisible();
  await page.getByRole('navigation').getByRole('button', { name: 'Contacts' }).click();
  await page.waitForTimeout(1_500);
  expect(await keptDesk(page)).toBeUndefined();

  await page.getByText('Saved views', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Start with a clean window' }).uncheck();
  await page.keyboard.press('Escape');
  await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  await expect.poll(() => keptDesk(page)).toMatchObject({ screen: { kind: 'list', resource: 'agreements' } });
});

test('a place past the end of a list that has shrunk shows its end, and says so', async ({ page }) => {
  await open(page);
  await page.getByRole('navigation').getByRole('button', { name: 'Contacts' }).click();
  await expect.poll(() => keptDesk(page)).toMatchObject({ screen: { kind: 'list', resource: 'contacts' } });
  const desk = (await keptDesk(page)) as { connectionId: string };
  const { total } = (await own.host.call('data.count', { view: { resource: 'contacts' } })) as {
    total: number;
  };
  // The desk of a window left at row 5,001 of the contacts, when there were that many.
  const key = await page.evaluate(() => sessionStorage.getItem('cdb-desk'));
  await own.host.call('desk.put', {
    key,
    desk: {
      connectionId: desk.connectionId,
      screen: { kind: 'list', resource: 'contacts' },
      places: { contacts: { filter: [], table: { topRow: 4_990, active: { row: 5_000, column: 1 } } } },
    },
  });

  await page.reload();
  const contacts = page.getByRole('grid', { name: 'Contacts' });
  await expect(page.getByRole('status').filter({ hasText: 'past the end' })).toHaveText(
    `The row you were on (row 5,001) is past the end of this list, which has ${total} rows now: its end is shown.`,
  );
  await expect.poll(async () => (await activeRow(contacts))?.index).toBe(total - 1);
  await expect(contacts.locator(`[data-testid="row"][aria-rowindex="${total + 1}"]`)).toBeInViewport();
});

/** The row index (from 0) of the row at the top of the grid's screen, just under its header. */
const topRowOf = (page: Page, name: string) =>
  page.getByRole('grid', { name }).evaluate((grid) => {
    const header = grid.firstElementChild?.getBoundingClientRect();
    if (!header) return -1;
    const row = grid.ownerDocument
      .elementFromPoint(header.left + 20, header.bottom + 2)
      ?.closest('[data-testid="row"]');
    return Number(row?.getAttribute('aria-rowindex')) - 2;
  });

test('the row at the top of the screen stays there when the rows change height, and after a reload', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  const grid = page.getByRole('grid', { name: 'Agreements' });
  await expect(grid.getByTestId('row').first()).toBeVisible();
  await grid.evaluate((element) => (element.scrollTop = 2_000 * 32));
  await expect.poll(() => topRowOf(page, 'Agreements')).toBe(2_000);

  const compact = page.getByRole('button', { name: 'Compact' });
  await compact.click();
  await expect(compact).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => topRowOf(page, 'Agreements')).toBe(2_000);
  await expect
    .poll(() => keptDesk(page))
    .toMatchObject({ places: { agreements: { table: { topRow: 2_000 } } } });

  await page.reload();
  await expect.poll(() => topRowOf(page, 'Agreements')).toBe(2_000);
  await page.getByRole('button', { name: 'Compact' }).click();
  await expect(page.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => topRowOf(page, 'Agreements')).toBe(2_000);
});
