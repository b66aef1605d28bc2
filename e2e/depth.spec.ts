import { expect, test, type Locator, type Page } from '@playwright/test';
import { activeRow } from './grid.js';
import { startHostProcess, type HostProcess } from './host-process.js';
import { openApp } from './app-page.js';

// A table at any depth, in Chromium through the browser host: a Demo of 1,200,000
// agreements (past the 1,048,576 rows of 32 px Chromium can lay out) and 30,000 contacts (small
// enough to walk every cursor page in the test, for the API's own order). Expected rows come from
// the API itself, through the host.
let host: HostProcess;
test.beforeAll(async () => {
  // Generating and sorting 1,200,000 agreements takes the Demo seconds, a minute on a busy machine.
  test.setTimeout(180_000);
  host = await startHostProcess([
    '--demo-customers',
    '20000',
    '--demo-contacts',
    '30000',
    '--demo-agreements',
    '1200000',
  ]);
  // The Demo sorts its 1,200,000 agreements on the first read of each order: seconds on a busy
  // machine, which the tests below are not about. Read once here, the orders they use are ready.
  for (const sort of [undefined, 'mrr.desc']) {
    await host.call('data.listPage', {
      view: { resource: 'agreements', ...(sort && { sort }) },
      size: 1,
      lang: 'en',
    });
  }
});
test.afterAll(() => host.stop());

const ROW_HEIGHT = 32;
type Row = { id: string };

/** The rows on screen: each one's place in the view (from 0; aria-rowindex counts the header as 1) and id. */
async function rowsShown(grid: Locator): Promise<{ index: number; id: string }[]> {
  const rows = await grid.getByTestId('row').evaluateAll((elements) =>
    elements.map((element) => ({
      index: Number(element.getAttribute('aria-rowindex')) - 2,
      id: element.querySelector('[role="gridcell"]')?.textContent ?? '',
    })),
  );
  return rows.sort((a, b) => a.index - b.index);
}

/** Every row of a view in the API's cursor order (a full traversal, 500 at a time). */
async function traversal(resource: string, sort?: string): Promise<string[]> {
  const ids: string[] = [];
  for (let cursor: string | undefined; ;) {
    const page = (await host.call('data.listPage', {
      view: { resource, ...(sort && { sort }) },
      size: 500,
      lang: 'en',
      ...(cursor && { cursor }),
    })) as { rows: Row[]; nextCursor: string | null };
    ids.push(...page.rows.map((row) => row.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
}

/** The id of the agreement at `index` (from 0) in the API's own order, read by position (offset mode). */
async function agreementAt(index: number): Promise<string | undefined> {
  const page = (await host.call('data.offsetPage', {
    view: { resource: 'agreements' },
    size: 100,
    page: Math.floor(index / 100) + 1,
    lang: 'en',
  })) as { rows: Row[] };
  return page.rows[index % 100]?.id;
}

const open = (page: Page, list: 'Contacts' | 'Agreements') => openApp(page, host, { list });

/** Waits until every row on screen is read (no placeholder left), and returns them. */
async function settled(grid: Locator): Promise<{ index: number; id: string }[]> {
  // A scroll just asked for is handled at the next frame: until then the old rows are on screen.
  await grid
    .page()
    .evaluate('new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)))');
  await expect(grid.locator('.skeleton-row')).toHaveCount(0, { timeout: 10_000 });
  await expect(grid.getByTestId('row').first()).toBeVisible();
  return rowsShown(grid);
}

test('the scrollbar stands for the whole view before any scrolling', async ({ page }) => {
  const grid = await open(page, 'Contacts');
  const height = await grid.evaluate((element) => element.scrollHeight);
  // 30,000 rows of 32 px, and the header.
  expect(height).toBeGreaterThanOrEqual(30_000 * ROW_HEIGHT);
  expect(height).toBeLessThan(30_000 * ROW_HEIGHT + 100);
  await expect(grid).toHaveAttribute('aria-rowcount', '30001');
});

test('a jump to the end and to the middle shows the rows a full cursor traversal has there', async ({
  page,
}) => {
  const ids = await traversal('contacts');
  expect(ids).toHaveLength(30_000);
  const grid = await open(page, 'Contacts');
  await grid.focus();
  await page.keyboard.press('Control+End');
  let shown = await settled(grid);
  expect(shown.at(-1)).toEqual({ index: 29_999, id: ids[29_999] });
  for (const row of shown) expect(row.id).toBe(ids[row.index]);

  // The thumb dragged to the middle: one move of the scroll position.
  await grid.evaluate((element) => (element.scrollTop = (element.scrollHeight - element.clientHeight) / 2));
  shown = await settled(grid);
  expect(shown[0]?.index).toBeGreaterThan(14_000);
  expect(shown[0]?.index).toBeLessThan(16_000);
  for (const row of shown) expect(row.id).toBe(ids[row.index]);
});

test('a view left deep and come back to shows its place from memory; scrolling back up after blocks were dropped shows the same rows as before, memory bounded', async ({
  page,
}) => {
  const grid = await open(page, 'Contacts');
  const top = await settled(grid);
  // Down 6,000 rows, as a wheel does: more than the blocks the table keeps (below).
  for (let step = 0; step < 96; step++) {
    await grid.evaluate((element) => (element.scrollTop += 2_000));
    await page.waitForTimeout(20);
  }
  const down = await settled(grid);
  expect(down[0]?.index).toBeGreaterThan(5_500);
  const held = Number(await page.locator('section.data-table').getAttribute('data-held-rows'));
  // The blocks the table keeps (block-loader.ts: 24 pages of the page size the settings say).
  const { pageSize } = (await host.call('settings.get', {})) as { pageSize: number };
  expect(held).toBeLessThanOrEqual(24 * pageSize);
  expect(held).toBeLessThan(down[0]?.index ?? 0);

  // Left for another view and come back to, it is shown where it was, from memory: no page asked
  // for (the top's blocks, dropped, are not read on the way).
  const nav = (name: string) => page.getByRole('navigation').getByRole('button', { name });
  await nav('Customers').click();
  await expect(page.getByRole('grid', { name: 'Customers' }).getByTestId('row').first()).toBeVisible();
  const pages: string[] = [];
  page.on('request', (request) => {
    if (/\/data\.(listPage|offsetPage)$/.test(request.url())) pages.push(request.postData() ?? '');
  });
  await nav('Contacts').click();
  expect(await settled(grid)).toEqual(down);
  expect(pages).toEqual([]);

  await grid.evaluate((element) => (element.scrollTop = 0));
  expect(await settled(grid)).toEqual(top);
});

test('rows past the 1,048,576th are reachable, each where the API has it', async ({ page }) => {
  const { total } = (await host.call('data.count', { view: { resource: 'agreements' } })) as {
    total: number;
  };
  expect(total).toBe(1_200_000);
  const grid = await open(page, 'Agreements');
  // The browser's height limit: the rows' area is capped, the position scaled onto rows.
  expect(await grid.evaluate((element) => element.scrollHeight)).toBeLessThan(33_554_400);
  await grid.focus();
  await page.keyboard.press('Control+End');
  let shown = await settled(grid);
  expect(shown.at(-1)).toEqual({ index: 1_199_999, id: await agreementAt(1_199_999) });

  // 90 % down: rows around 1,080,000, exact to the row.
  await grid.evaluate((element) => (element.scrollTop = (element.scrollHeight - element.clientHeight) * 0.9));
  shown = await settled(grid);
  const first = shown[0]?.index ?? 0;
  expect(first).toBeGreaterThan(1_048_576);
  expect(shown[0]?.id).toBe(await agreementAt(first));
  // Consecutive indexes on screen: keyboard and screen readers count every row.
  shown.forEach((row, position) => expect(row.index).toBe(first + position));
});

test('"Go to row" reads the rows there by position and makes that row the active one', async ({ page }) => {
  const grid = await open(page, 'Agreements');
  await page.getByLabel('Row', { exact: true }).fill('1100000');
  await page.getByRole('button', { name: 'Go to row' }).click();
  await expect(grid).toBeFocused();
  const shown = await settled(grid);
  expect(shown.find((row) => row.index === 1_099_999)?.id).toBe(await agreementAt(1_099_999));
  // The active cell is on it (screen readers follow aria-activedescendant).
  expect((await activeRow(grid))?.index).toBe(1_099_999);
});

test('a sort changed at depth starts at the top with the first rows of the new order', async ({ page }) => {
  const grid = await open(page, 'Agreements');
  await grid.focus();
  await page.keyboard.press('Control+End');
  await settled(grid);
  const header = page.getByRole('columnheader', { name: 'MRR', exact: true });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const first = (await host.call('data.listPage', {
    view: { resource: 'agreements', sort: 'mrr.desc' },
    size: 20,
    lang: 'en',
  })) as { rows: Row[] };
  await expect
    .poll(async () => (await settled(grid)).slice(0, 20).map((row) => row.id))
    .toEqual(first.rows.map((row) => row.id));
  expect(await grid.evaluate((element) => element.scrollTop)).toBe(0);
});
