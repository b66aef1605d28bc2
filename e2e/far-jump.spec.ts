import { expect, test, type Locator, type Page } from '@playwright/test';
import { startCappedOffsetApi, type CappedOffsetApi } from './capped-offset-api.js';
import { activeRow } from './grid.js';
import { startHostProcess, type HostProcess } from './host-process.js';
import { openApp } from './app-page.js';

// Far jumps where offset mode gives up (docs/api.md, "Far jumps"), in Chromium through the browser
// host: 60,000 contacts behind an API that refuses offset pages past 10,000 records, as
// search-backed APIs do (capped-offset-api.ts). The thumb at the middle, Ctrl+End and Go to row in
// another sort each walk the cursor chain there, show where they go, and end on the API's own rows.
const CONTACTS = 60_000;
/**
 * How long a walk may take before the test calls it stuck: a guard, not a target (bench/far-jump.ts
 * measures the speed). A walk to the end reads 120 pages at the API's 20 a second, 6 s on a quiet
 * machine and twice that on a busy one.
 */
const WITHIN_MS = 120_000;
test.describe.configure({ timeout: 180_000 });
let api: CappedOffsetApi;
let host: HostProcess;
/** A token of the test's own, to ask the Demo behind the proxy for the rows at a position. */
let token: string;

test.beforeAll(async () => {
  api = await startCappedOffsetApi({
    demo: { size: { customers: 2_000, contacts: CONTACTS, agreements: 2_000 } },
    offsetLimit: 10_000,
  });
  host = await startHostProcess();
  const saved = (await host.call('connection.save', {
    profile: api.profile,
    secret: api.demo.clientSecret,
  })) as { id: string };
  await host.call('connection.select', { id: saved.id });
  token = await tokenOf(api);
});

/** A token of the test's own from the Demo behind `of`. */
async function tokenOf(of: CappedOffsetApi): Promise<string> {
  const granted = await fetch(`${of.demo.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: of.demo.clientId,
      client_secret: of.demo.clientSecret,
      audience: of.demo.audience,
      grant_type: 'client_credentials',
    }),
  });
  return ((await granted.json()) as { access_token: string }).access_token;
}
test.afterAll(async () => {
  await host.stop();
  await api.close();
});
test.setTimeout(90_000);

/** The ids of the contacts at `from`… (`count` of them) in the API's order, asked of the Demo itself. */
async function contactsAt(
  from: number,
  count: number,
  sort?: string,
  of: CappedOffsetApi = api,
): Promise<string[]> {
  const page = Math.floor(from / 100) + 1;
  const ids: string[] = [];
  for (let at = page; ids.length < (from % 100) + count; at++) {
    const query = new URLSearchParams({ page: String(at), size: '100', ...(sort && { sort }) });
    const answer = await fetch(`${of.demo.baseUrl}/v1/contacts?${query.toString()}`, {
      headers: { authorization: `Bearer ${of === api ? token : await tokenOf(of)}` },
    });
    ids.push(...((await answer.json()) as { data: { id: string }[] }).data.map((row) => row.id));
  }
  return ids.slice(from % 100, (from % 100) + count);
}

const open = (page: Page) => openApp(page, host, { list: 'Contacts' });

/** The rows on screen once every one is read, each with its place (from 0) and id. */
async function shownWithin(grid: Locator, ms: number): Promise<{ index: number; id: string }[]> {
  await expect(grid.locator('.skeleton-row')).toHaveCount(0, { timeout: ms });
  const rows = await grid.getByTestId('row').evaluateAll((elements) =>
    elements.map((element) => ({
      index: Number(element.getAttribute('aria-rowindex')) - 2,
      id: element.querySelector('[role="gridcell"]')?.textContent ?? '',
    })),
  );
  return rows.sort((a, b) => a.index - b.index);
}

/** The walk is shown with where it goes, then leaves no trace, nor any error. */
async function walkShownThenGone(page: Page, toRow: RegExp) {
  const progress = page.getByTestId('walk-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('status')).toHaveText(toRow);
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuetext', /^Row [\d,]+ reached/);
  await expect(progress.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(progress).toBeHidden({ timeout: WITHIN_MS });
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test('the thumb dragged to the middle walks there and shows the API’s rows', async ({ page }) => {
  const grid = await open(page);
  const started = Date.now();
  await grid.evaluate((element) => (element.scrollTop = (element.scrollHeight - element.clientHeight) / 2));
  await walkShownThenGone(page, /^Going to row (29|30),\d{3}: this API does not read that far by position/);
  const shown = await shownWithin(grid, WITHIN_MS - (Date.now() - started));
  const first = shown[0]?.index ?? 0;
  expect(first).toBeGreaterThan(29_000);
  expect(first).toBeLessThan(31_000);
  expect(shown.map((row) => row.id)).toEqual(await contactsAt(first, shown.length));
});

test('Ctrl+End walks to the last row, the API’s last contact', async ({ page }) => {
  const grid = await open(page);
  await grid.focus();
  const started = Date.now();
  await page.keyboard.press('Control+End');
  await walkShownThenGone(page, /^Going to row 59,9\d{2}/);
  const shown = await shownWithin(grid, WITHIN_MS - (Date.now() - started));
  expect(shown.at(-1)?.index).toBe(CONTACTS - 1);
  expect(shown.map((row) => row.id)).toEqual(await contactsAt(shown[0]?.index ?? 0, shown.length));
});

test('Go to row in another sort walks there, and that row is the active one', async ({ page }) => {
  const grid = await open(page);
  const header = page.getByRole('columnheader', { name: 'Created', exact: true });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(grid.getByTestId('row').first()).toBeVisible();
  const started = Date.now();
  await page.getByLabel('Row', { exact: true }).fill('45000');
  await page.getByRole('button', { name: 'Go to row' }).click();
  await walkShownThenGone(page, /^Going to row 44,9\d{2}/);
  const shown = await shownWithin(grid, WITHIN_MS - (Date.now() - started));
  const target = shown.find((row) => row.index === 44_999);
  expect(target?.id).toBe((await contactsAt(44_999, 1, 'createdAt.desc'))[0]);
  expect((await activeRow(grid))?.index).toBe(44_999);
  await expect(grid).toBeFocused();
});

test('Cancel stops a walk where it got, and no walk cost a 503 or a second token', async ({ page }) => {
  const grid = await open(page);
  await grid.focus();
  await page.keyboard.press('Control+End');
  const progress = page.getByTestId('walk-progress');
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuetext', /about \d+ s left/);
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toBeHidden();
  // The row where the walk stopped is the active one once its block is drawn (it may still be read).
  await expect.poll(async () => (await activeRow(grid))?.index ?? -1).toBeGreaterThan(0);
  const active = await activeRow(grid);
  expect(active?.index).toBeLessThan(CONTACTS - 1);
  await expect(grid).toBeFocused();
  await expect(page.getByRole('alert')).toHaveCount(0);

  expect(api.statuses.get(503) ?? 0).toBe(0);
  const status = (await host.call('connection.status', {})) as { token: { used: number } };
  expect(status.token.used).toBe(1);
  // The app's token and the test's own: the Demo granted no other.
  expect(api.demo.grantsToday(api.demo.clientId)).toBe(2);
});

test('an offset page that takes seconds is given up for a walk, which brings the rows', async ({ page }) => {
  const slow = await startCappedOffsetApi({
    demo: { size: { customers: 1_000, contacts: 60_000, agreements: 1_000 } },
    offsetLimit: Infinity,
    slowFrom: { row: 20_000, ms: 15_000 },
  });
  try {
    const saved = (await host.call('connection.save', {
      profile: { ...slow.profile, name: 'Slow offsets' },
      secret: slow.demo.clientSecret,
    })) as { id: string };
    await host.call('connection.select', { id: saved.id });
    const grid = await open(page);
    const started = Date.now();
    await grid.evaluate((element) => (element.scrollTop = (element.scrollHeight - element.clientHeight) / 2));
    await walkShownThenGone(page, /^Going to row (29|30),\d{3}/);
    const shown = await shownWithin(grid, WITHIN_MS - (Date.now() - started));
    const first = shown[0]?.index ?? 0;
    expect(first).toBeGreaterThan(29_000);
    expect(shown.map((row) => row.id)).toEqual(await contactsAt(first, shown.length, undefined, slow));
  } finally {
    await slow.close();
  }
});
