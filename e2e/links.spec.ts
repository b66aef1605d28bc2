import { expect, test, type Page } from '@playwright/test';
import { FIRST_SCREEN_WAIT_MS } from './app-page.js';
import { runCdb } from './cdb-process.js';
import { ownDemo } from './own-demo.js';

// cdb:// links (docs/decisions/0010-links.md) in Chromium through the browser host, whose address
// opens the link it was made for (the host keeps it with the address's key, as `cdb open` asks): a customer's link opens
// it; "Copy link" on a view gives a link that opens the same view in another tab; a hostile link and
// one for a connection this app does not have open nothing, say why, and ask the API nothing.
const own = ownDemo({ customers: 50, contacts: 100, agreements: 300 }, 'Links API');

async function openWithLink(page: Page, link: string) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(await own.host.address(link));
}

test('a customer’s link opens that customer, and its heading’s “Copy link” gives the same link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const link = 'cdb://customer/CUS-00000007?connection=Links+API';
  await openWithLink(page, link);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('CUS-00000007', {
    timeout: FIRST_SCREEN_WAIT_MS,
  });
  await expect(page).not.toHaveURL(/link=/);
  await page.locator('.detail-header').getByRole('button', { name: 'Copy customer link' }).click();
  // The header's other live region is the ☆'s: the one that speaks is the copy's.
  await expect(
    page.locator('.detail-header').getByRole('status').filter({ hasText: 'Link copied' }),
  ).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(link);
});

test('“Copy link” on a view gives a link that opens the same list, sort and filter in another tab', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(await own.host.address());
  await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  const grid = page.getByRole('grid', { name: 'Agreements' });
  await expect(grid.getByTestId('row').first()).toBeVisible();
  const mrr = page.getByRole('columnheader', { name: 'MRR', exact: true });
  await mrr.getByRole('button').click();
  await expect(mrr).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('searchbox', { name: 'Search in every column' }).fill('AGR-00000');
  await page
    .getByRole('region', { name: 'Agreements' })
    .getByRole('button', { name: 'Copy list link' })
    .click();
  // The copy is written as the click's answer comes: the clipboard may still hold the last test's link.
  const copied = () => page.evaluate<string>('navigator.clipboard.readText()');
  await expect
    .poll(copied)
    .toMatch(/^cdb:\/\/view\/agreements\?connection=Links\+API&sort=mrr\.desc&filter=/);
  const link = await copied();

  const other = await context.newPage();
  await openWithLink(other, link);
  await expect(other.getByRole('navigation').getByRole('button', { name: 'Agreements' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(other.getByRole('columnheader', { name: 'MRR', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(other.getByRole('searchbox', { name: 'Search in every column' })).toHaveValue('AGR-00000');
  await other.close();
});

test('a hostile link and a link for another connection open nothing, say why, and ask the API nothing', async ({
  page,
}) => {
  await openWithLink(page, 'cdb://customer/CUS-00000001/../../view/customers?connection=Links+API');
  await expect(page.getByRole('status').filter({ hasText: 'This link cannot be opened' })).toContainText(
    'a link has no "." or ".." in its path',
  );
  await expect(page.getByRole('grid', { name: 'Customers' }).getByTestId('row').first()).toBeVisible();

  const asked = own.demo.requests.length;
  await openWithLink(page, 'cdb://customer/CUS-00000003?connection=Somebody+else%27s+API');
  await expect(
    page.getByRole('status').filter({ hasText: 'Somebody else’s API'.replace('’', "'") }),
  ).toContainText('which this app does not have');
  expect(own.demo.requests.slice(asked).filter((path) => path.includes('CUS-00000003'))).toEqual([]);
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
});

test('`cdb open` finds the running host by its data folder, and its address opens the link in a new tab', async ({
  context,
}) => {
  const link = 'cdb://customer/CUS-00000011?connection=Links+API';
  const run = await runCdb(['open', link], { CDB_DATA_DIR: own.host.dataDir });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const address = run.stdout.trim();
  expect(address.startsWith(`${own.host.origin}/#session=`)).toBe(true);
  // The link (a filter may hold a person's name) is kept by the host, not written in the address.
  expect(address).not.toMatch(/link|CUS-00000011|Links/);
  // A new tab, as the agent pastes it: the app opens there, on that customer.
  const tab = await context.newPage();
  await tab.setViewportSize({ width: 1400, height: 900 });
  await tab.goto(address);
  await expect(tab.getByRole('heading', { level: 2 })).toContainText('CUS-00000011', {
    timeout: FIRST_SCREEN_WAIT_MS,
  });
  // A data folder no host runs on: said, naming it, and no address.
  const none = await runCdb(['open', link], { CDB_DATA_DIR: `${own.host.dataDir}-none` });
  expect(none.code).toBe(1);
  expect(none.stdout).toBe('');
  expect(none.stderr).toContain(`no browser host runs on the data folder ${own.host.dataDir}-none`);
});
