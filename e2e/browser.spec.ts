import { expect, test, type Locator, type Page } from '@playwright/test';
import { SORTABLE_FIELDS } from '../electron/shared/api-rules.js';
import { localeOf } from '../electron/shared/locale.js';
import { isLive } from '../electron/shared/deadline.js';
import { activeRow, showCustomerTab } from './grid.js';
import { startHostProcess, type HostProcess } from './host-process.js';
import { shoot } from './shoot.js';
import { chooseLanguage, FIRST_SCREEN_WAIT_MS } from './app-page.js';

// The data browser as support staff use it, in Chromium through the browser host, against the
// Demo API with 100,000 agreements. Expected orders come from the API itself (through the host).
let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess([
    '--demo-customers',
    '5000',
    '--demo-contacts',
    '8000',
    '--demo-agreements',
    '100000',
  ]);
});
test.afterAll(() => host.stop());

/**
 * The ids of the rows in the DOM, in screen order, once every one is read: a row still being read
 * is a placeholder with empty cells, and would read as an id of "".
 */
async function visibleIds(page: Page, grid = page.getByTestId('grid').first()): Promise<string[]> {
  let ids: string[] = [];
  await expect
    .poll(
      async () => {
        ids = await idsInDom(grid);
        return ids.length > 0 && !ids.includes('');
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return ids;
}

/** The ids of the rows in the DOM, in screen order ("" for a placeholder). */
async function idsInDom(grid: Locator): Promise<string[]> {
  const rows = await grid.getByTestId('row').evaluateAll((elements) =>
    elements
      .map((element) => ({
        top: Number(
          /translateY\(([\d.]+)px\)/.exec(
            (element as unknown as { style: { transform: string } }).style.transform,
          )?.[1] ?? 0,
        ),
        id: element.querySelector('[role="gridcell"]')?.textContent ?? '',
      }))
      .sort((a, b) => a.top - b.top),
  );
  return rows.map((row) => row.id);
}

async function open(page: Page, view: 'Customers' | 'Contacts' | 'Agreements'): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name: view }).click();
  await expect(page.getByTestId('row').first()).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(await host.address());
  await expect(page.getByTestId('row').first()).toBeVisible({ timeout: FIRST_SCREEN_WAIT_MS });
});

test('opens each view with its rows and the count from the API', async ({ page }) => {
  for (const [view, total] of [
    ['Customers', '5,000'],
    ['Contacts', '8,000'],
    ['Agreements', '100,000'],
  ] as const) {
    await open(page, view);
    await expect(page.getByTestId('row-position')).toContainText(`of ${total}`);
  }
});

test('scrolls 100,000 agreements to row 20,000, in server order, with under 100 rows in the DOM', async ({
  page,
}) => {
  await open(page, 'Agreements');
  const grid = page.getByTestId('grid');
  const target = 20_000 * 32;
  // Scroll as a user holding the scroll bar at the bottom would: each step loads the next pages.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const reached = await grid.evaluate((element, top) => {
      element.scrollTop = Math.min(top, element.scrollHeight);
      return element.scrollTop;
    }, target);
    if (reached >= target - 1_000) break;
    if (Date.now() > deadline) throw new Error(`scrolling stalled at ${reached}px`);
    await page.waitForTimeout(50);
  }
  await expect(page.getByTestId('row').first()).toBeVisible();
  const rowsInDom = await page.getByTestId('row').count();
  expect(rowsInDom).toBeLessThan(100);
  const ids = await visibleIds(page);
  const first =
    Number(
      await grid.evaluate((element) =>
        element.querySelector('[data-testid="row"]')?.getAttribute('aria-rowindex'),
      ),
    ) - 2;
  // The API's own order around that place: the default order, pages of 500 from the top.
  const expected: string[] = [];
  let cursor: string | undefined;
  while (expected.length < 20_100) {
    const page500 = await host.call('data.listPage', {
      view: { resource: 'agreements' },
      size: 500,
      lang: 'en',
      cursor,
    });
    expected.push(...page500.rows.map((row: { id: string }) => row.id));
    cursor = page500.nextCursor ?? undefined;
  }
  const start = expected.indexOf(ids[0] ?? '');
  expect(start).toBeGreaterThan(19_000);
  expect(ids).toEqual(expected.slice(start, start + ids.length));
  expect(first).toBeGreaterThan(19_000);
});

test('sorts agreements by each sortable field both ways, as the server orders them', async ({ page }) => {
  await open(page, 'Agreements');
  const labels: Record<string, string> = {
    mrr: 'MRR',
    arr: 'ARR',
    status: 'Status',
    startDate: 'Start date',
    endDate: 'End date',
    engagement: 'Days to commitment end',
    notice: 'Days to notice deadline',
  };
  for (const field of SORTABLE_FIELDS.agreements) {
    const header = page.getByRole('columnheader', { name: labels[field], exact: true });
    for (const direction of ['desc', 'asc'] as const) {
      await header.getByRole('button').click();
      await expect(header).toHaveAttribute('aria-sort', direction === 'desc' ? 'descending' : 'ascending');
      const expected = (
        await host.call('data.listPage', {
          view: { resource: 'agreements', sort: `${field}.${direction}` },
          size: 15,
          lang: 'en',
        })
      ).rows.map((row: { id: string }) => row.id);
      await expect(async () => expect((await visibleIds(page)).slice(0, 15)).toEqual(expected)).toPass({
        timeout: 10_000,
      });
    }
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'none');
  }
  // Only the spec's sortable fields can be clicked.
  await expect(page.getByRole('columnheader', { name: 'Name', exact: true }).getByRole('button')).toHaveCount(
    0,
  );
});

test("opens a customer, by click and by keyboard, and shows only that customer's contacts and agreements", async ({
  page,
}) => {
  const customers = page.getByRole('grid', { name: 'Customers' });
  const [first = '', second = ''] = await visibleIds(page, customers);
  await page.getByTestId('row').first().dblclick();
  await expectDetailOf(page, first);

  await page.getByRole('button', { name: /Back to customers/ }).click();
  await customers.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expectDetailOf(page, second);
});

test('a double-click opens its customer even when the row is drawn again between its clicks', async ({
  page,
}) => {
  // A list that finishes reading draws its rows again; a row replaced while the second click is
  // down would leave Chromium no element to send the double-click to.
  const customers = page.getByRole('grid', { name: 'Customers' });
  const [first = ''] = await visibleIds(page, customers);
  const box = await page.getByTestId('row').first().getByRole('gridcell').nth(1).boundingBox();
  if (!box) throw new Error('the first row has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.up();
  await page.mouse.down({ clickCount: 2 });
  await page
    .getByTestId('row')
    .first()
    .evaluate((row) => row.replaceWith(row.cloneNode(true)));
  await page.mouse.up({ clickCount: 2 });
  await expectDetailOf(page, first);
});

/** The detail shows the customer's own contacts and agreements, all of them, and nobody else's. */
async function expectDetailOf(page: Page, customerId: string): Promise<void> {
  for (const [resource, name, index] of [
    ['contacts', 'Contacts of this customer', 0],
    ['agreements', 'Agreements of this customer', 1],
  ] as const) {
    await showCustomerTab(page, resource);
    const grid = page.getByRole('grid', { name });
    const { total } = (await host.call('data.count', { view: { resource, customerId } })) as {
      total: number;
    };
    await expect(page.getByTestId('row-position').nth(index)).toHaveText(
      total === 0 ? 'No rows' : total === 1 ? 'Row 1 of 1' : new RegExp(`^Rows 1–\\d+ of ${total}$`),
    );
    // The second column of both tables is the customer id.
    const owners = await grid
      .getByTestId('row')
      .evaluateAll((rows) =>
        rows.map((row) => row.querySelectorAll('[role="gridcell"]')[1]?.textContent ?? ''),
      );
    expect(owners).toEqual(Array<string>(owners.length).fill(customerId));
  }
}

test('switches to French: French UI strings, French column labels, French formats, the page declared French', async ({
  page,
}) => {
  const lang = () => page.evaluate<string>('document.documentElement.lang');
  await open(page, 'Agreements');
  expect(await lang()).toBe('en');
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Contrats' })).toBeVisible();
  // Screen readers choose their voice from it (WCAG 2.2 SC 3.1.1).
  expect(await lang()).toBe('fr');
  await expect(page.getByRole('columnheader', { name: 'Date de début' })).toBeVisible();
  await expect(page.getByTestId('row-position')).toContainText(/^Lignes 1 à \d+ sur 100\u202f000$/);
  await expect(page.getByTestId('token')).toContainText('Jetons aujourd’hui');
  await page.reload();
  await page.getByRole('navigation').getByRole('button', { name: 'Contrats' }).click();
  await expect(page.getByRole('columnheader', { name: 'Revenu mensuel (MRR)' })).toBeVisible();
  expect(await lang()).toBe('fr');
  await chooseLanguage(page, 'EN');
  await expect(page.getByRole('columnheader', { name: 'Start date' })).toBeVisible();
  expect(await lang()).toBe('en');
});

test('filters agreements by status: every row shown matches, and they grow as the list is read for search', async ({
  page,
}) => {
  await open(page, 'Agreements');
  await page.getByLabel('Column', { exact: true }).selectOption({ label: 'Status' });
  await page.getByLabel('Condition', { exact: true }).selectOption({ label: 'is' });
  await page.getByLabel('Value', { exact: true }).selectOption({ label: 'Suspended' });
  await page.getByRole('button', { name: 'Apply' }).click();
  const counter = page.getByTestId('row-count');
  await expect(page.getByTestId('held-progress')).toContainText(
    /Reading agreements for search: [\d,]+ of 100,000/,
  );
  await expect(counter).toContainText(/^[\d,]+ match/);
  const matches = async () =>
    Number(/^([\d,]+)/.exec((await counter.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  const first = await matches();
  await expect(page.getByTestId('row').first()).toBeVisible();
  const statusColumn = await page
    .getByRole('columnheader')
    .evaluateAll((headers) =>
      headers.findIndex(
        (header) => header.textContent?.trim().startsWith('Status') && !header.textContent.includes('label'),
      ),
    );
  const statuses = await page
    .getByTestId('row')
    .evaluateAll(
      (rows, column) =>
        rows.map((row) => row.querySelectorAll('[role="gridcell"]')[column]?.textContent ?? ''),
      statusColumn,
    );
  expect(statuses.length).toBeGreaterThan(10);
  expect(new Set(statuses)).toEqual(new Set(['Suspended']));
  // The agreements are read whole once, in the background: the matches grow until all are in.
  await expect(page.getByTestId('held-list')).toContainText(
    /in 100,000 agreements, (changes )?read (whole )?at/,
    {
      timeout: 45_000,
    },
  );
  expect(await matches()).toBeGreaterThan(first);
  await page.getByRole('button', { name: /Remove filter Status is Suspended/ }).click();
  await expect(page.getByTestId('row-position')).toContainText('of 100,000');
});

test('searches every column at once, the customer’s too', async ({ page }) => {
  await open(page, 'Contacts');
  // A contact is found by its customer's name as well: shown, the word is on every row.
  await page.getByText('Columns', { exact: true }).click();
  // Clicked, then awaited: the box shows the layout, which the table's settings redraw a moment later.
  await page.getByLabel('Show Name (customer)').click();
  await expect(page.getByLabel('Show Name (customer)')).toBeChecked();
  await page.getByText('Columns', { exact: true }).click();
  await page.getByLabel('Search in every column').fill('lefevre');
  await expect(page.getByTestId('row').first()).toBeVisible();
  const texts = await page.getByTestId('row').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
  expect(
    texts.every((text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().includes('lefevre')),
  ).toBe(true);
});

test('hides and moves columns, and remembers that layout for the view after a reload', async ({ page }) => {
  await open(page, 'Contacts');
  await page.getByText('Columns', { exact: true }).click();
  await page.getByLabel('Show Email').click();
  await expect(page.getByLabel('Show Email')).not.toBeChecked();
  await page.getByRole('button', { name: 'Move Role left' }).click();
  const headers = () => page.getByRole('columnheader').allTextContents();
  await expect.poll(headers).not.toContain('Email');
  const order = await headers();
  expect(order.indexOf('Role')).toBeLessThan(order.indexOf('Last name'));
  await page.waitForTimeout(800);
  await page.reload();
  await open(page, 'Contacts');
  await expect.poll(headers).toEqual(order);
  await page.getByText('Columns', { exact: true }).click();
  // Phone's left neighbour is the hidden Email: one press still moves it on screen, before Last name.
  await page.getByRole('button', { name: 'Move Phone left' }).click();
  await expect
    .poll(async () => {
      const shown = await headers();
      return shown.indexOf('Phone') < shown.indexOf('Last name');
    })
    .toBe(true);
  await page.getByRole('button', { name: 'Reset columns' }).click();
  await expect.poll(headers).toContain('Email');
});

test('back from a customer keeps the list where it was, with its sort', async ({ page }) => {
  const header = page.getByRole('columnheader', { name: 'Created', exact: true });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const grid = page.getByRole('grid', { name: 'Customers' });
  await grid.evaluate((element) => (element.scrollTop = 3_200));
  await expect.poll(() => grid.evaluate((element) => element.scrollTop)).toBe(3_200);
  const before = await visibleIds(page, grid);
  // A row in the middle of the view, clicked where it is (no scrolling it into view first).
  const box = await grid.boundingBox();
  await page.mouse.click((box?.x ?? 0) + 60, (box?.y ?? 0) + 200);
  await page.getByRole('button', { name: /Back to customers/ }).click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => grid.evaluate((element) => element.scrollTop)).toBe(3_200);
  // The same rows, once read again (only the screen's are kept in memory).
  await expect.poll(() => idsInDom(grid)).toEqual(before);
});

test('back from a customer opened by keyboard: the grid has the focus again, on the row that was opened', async ({
  page,
}) => {
  const { rows } = (await host.call('data.listPage', {
    view: { resource: 'customers' },
    size: 100,
    lang: 'en',
  })) as { rows: { id: string }[] };
  const grid = page.getByRole('grid', { name: 'Customers' });
  const activeRowId = async () => (await activeRow(grid))?.id;
  await grid.focus();
  for (let press = 0; press < 3; press++) await page.keyboard.press('PageDown');
  expect(await activeRowId()).toBe(rows[60]?.id);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2 })).toContainText(rows[60]?.id ?? '');
  // Back has the focus in the detail: Enter goes back, and the arrows go on from the row opened.
  await page.keyboard.press('Enter');
  await expect(grid).toBeFocused();
  // The rows there are read again (only the screen's are kept): the same row, once they are in.
  await expect.poll(activeRowId).toBe(rows[60]?.id);
  await page.keyboard.press('ArrowDown');
  expect(await activeRowId()).toBe(rows[61]?.id);
});

test("a customer at a glance: its agreements' counts by status, MRR and ARR, next deadlines as they stand today", async ({
  page,
}) => {
  // The customer with the most agreements among the first page (the API's own pages, read here).
  const listed = (await host.call('data.listPage', {
    view: { resource: 'agreements' },
    size: 500,
    lang: 'en',
  })) as { rows: { customerId: string }[] };
  const perCustomer = new Map<string, number>();
  for (const { customerId } of listed.rows)
    perCustomer.set(customerId, (perCustomer.get(customerId) ?? 0) + 1);
  const [customerId = ''] = [...perCustomer].sort((a, b) => b[1] - a[1])[0] ?? [];
  const agreements: Record<string, unknown>[] = [];
  for (let cursor: string | undefined; ;) {
    const page = (await host.call('data.listPage', {
      view: { resource: 'agreements', customerId },
      size: 500,
      lang: 'en',
      ...(cursor && { cursor }),
    })) as { rows: Record<string, unknown>[]; nextCursor: string | null };
    agreements.push(...page.rows);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  const { total: contacts } = (await host.call('data.count', {
    view: { resource: 'contacts', customerId },
  })) as { total: number };

  const euros = (amount: number) =>
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);
  // Opened by its id in the top bar, as a ticket gives it (the grid's scroll to it is another test's).
  const field = page.getByLabel('Open customer');
  await field.fill(customerId);
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 2 })).toContainText(customerId);
  await expect(page.getByRole('tab', { name: `Contacts (${contacts})` })).toBeVisible();
  await expect(page.getByRole('tab', { name: `Agreements (${agreements.length})` })).toBeVisible();

  const byStatus = new Map<string, number>();
  for (const agreement of agreements) {
    const label = typeof agreement.statusLabel === 'string' ? agreement.statusLabel : 'No status';
    byStatus.set(label, (byStatus.get(label) ?? 0) + 1);
  }
  const table = page.getByRole('table', { name: 'Agreements by status' });
  const shown = await table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [row.children[0]?.textContent, Number(row.children[1]?.textContent)]),
    );
  expect(new Map(shown as [string, number][])).toEqual(byStatus);

  const sum = (key: string, of = agreements) =>
    of.reduce((total, agreement) => total + (typeof agreement[key] === 'number' ? agreement[key] : 0), 0);
  // What the customer pays today: the agreements in force; every status's beside it, said so.
  const live = agreements.filter((agreement) => isLive(agreement));
  expect(live.length).toBeLessThan(agreements.length);
  const totals = page.locator('.summary-totals');
  const figure = (term: string) => totals.locator('dt', { hasText: term }).locator('+ dd');
  await expect(figure('MRR in force')).toHaveText(euros(sum('mrr', live)));
  await expect(figure('ARR in force')).toHaveText(euros(sum('arr', live)));
  await expect(figure('MRR of every agreement')).toHaveText(euros(sum('mrr')));
  for (const [key, term] of [
    ['engagement', 'Next commitment deadline'],
    ['notice', 'Next end of notice period'],
  ] as const) {
    // Days left today: none for an agreement expired, terminated or past its end date; else from
    // today to the end date, the notice period as many days before it as the API's counts say.
    const today = Math.floor(Date.now() / 86_400_000);
    const left = (agreement: Record<string, unknown>) => {
      const end = typeof agreement.endDate === 'string' ? Date.parse(agreement.endDate) / 86_400_000 : NaN;
      const over = agreement.status === 'expired' || agreement.status === 'terminated' || end < today;
      if (over || typeof agreement[key] !== 'number') return 0;
      if (Number.isNaN(end)) return agreement[key];
      const toEnd = end - today;
      return key === 'engagement'
        ? toEnd
        : Math.max(0, toEnd - ((agreement.engagement as number) - (agreement.notice as number)));
    };
    const ahead = agreements.filter((agreement) => left(agreement) > 0);
    const value = totals.locator('dt', { hasText: term }).locator('+ dd');
    if (!ahead.length) {
      await expect(value).toHaveText('none ahead');
      continue;
    }
    const days = Math.min(...ahead.map(left));
    const nearest = ahead
      .filter((agreement) => left(agreement) === days)
      .map((agreement) => String(agreement.id));
    const text = (await value.textContent()) ?? '';
    // The date first (what a caller asks for), then the days left.
    const date = new Intl.DateTimeFormat(localeOf('en'), { dateStyle: 'long', timeZone: 'UTC' }).format(
      (today + days) * 86_400_000,
    );
    expect(text).toMatch(new RegExp(`^${date} \\(in ${days} days?\\): .* \\((${nearest.join('|')})\\)`));
    // Within 30 days it says so in words, not only in colour.
    expect(text.includes('within 30 days')).toBe(days <= 30);
  }
  // Each status's share of the MRR, in words beside its bar: its MRR over the total, as shown.
  const mrrOf = (status: string | null) =>
    agreements
      .filter((agreement) => (agreement.status ?? null) === status)
      .reduce((total, agreement) => total + (typeof agreement.mrr === 'number' ? agreement.mrr : 0), 0);
  const percent = new Intl.NumberFormat('en-GB', { style: 'percent' });
  const first = agreements.find((agreement) => typeof agreement.statusLabel === 'string');
  const firstRow = table
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: String(first?.statusLabel), exact: true }) });
  await expect(firstRow.getByRole('cell').nth(2)).toHaveText(
    percent.format(sum('mrr') ? mrrOf(first?.status as string) / sum('mrr') : 0),
  );
  await expect(table.getByRole('columnheader', { name: 'Share of MRR' })).toBeVisible();
});

test('a copy the clipboard refuses says so, in the language shown', async ({ page }) => {
  // The page's clipboard refuses (as a browser without the permission does).
  await page.addInitScript(() => {
    const refuse = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: refuse }, configurable: true });
  });
  await page.reload();
  const grid = page.getByRole('grid', { name: 'Customers' });
  await expect(grid.getByTestId('row').first()).toBeVisible();
  await grid.focus();
  await page.keyboard.press('Control+C');
  await expect(page.getByRole('status').filter({ hasText: 'Nothing was copied' })).toContainText(
    'Write permission denied.',
  );
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await page.getByRole('grid', { name: 'Clients' }).focus();
  await page.keyboard.press('Control+C');
  await expect(page.getByRole('status').filter({ hasText: 'Rien n’a été copié' })).toBeVisible();
  await chooseLanguage(page, 'EN');
});

/**
 * The clipboard as a mail client reads it, in the page: its text, and the cells of the HTML table
 * beside it as a mail shows them (white space at their ends is not drawn), none without HTML.
 */
const READ_CLIPBOARD = `(async () => {
  // Read again when the clipboard changed between its listing and its reading (a copy landing).
  let item, text, html;
  for (let tries = 0; ; tries++) {
    try {
      [item] = await navigator.clipboard.read();
      text = item ? await (await item.getType('text/plain')).text() : '';
      html = item && item.types.includes('text/html') ? await (await item.getType('text/html')).text() : undefined;
      break;
    } catch (error) {
      if (tries > 10 || error.name !== 'InvalidStateError') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  if (html === undefined) return { text, cells: [] };
  const table = new DOMParser().parseFromString(html, 'text/html');
  const cells = [...table.querySelectorAll('tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim()),
  );
  return { text, cells };
})()`;

test('copies the rows selected with their headers and as a mail’s table, and as CSV, JSON and Markdown from the command box', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const grid = page.getByRole('grid', { name: 'Customers' });
  const [first = '', second = ''] = await visibleIds(page, grid);
  // The cells as the grid shows them: what every copy must hold.
  const headers = (await grid.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const shown = await Promise.all(
    [0, 1].map(async (index) =>
      (await page.getByTestId('row').nth(index).getByRole('gridcell').allInnerTexts()).map((text) =>
        text.trim(),
      ),
    ),
  );
  await grid.focus();
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Control+Shift+C');
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  // Read back as a mail client would: the text, and the HTML table beside it.
  const clipboard = () => page.evaluate<{ text: string; cells: string[][] }>(READ_CLIPBOARD);
  const copied = await clipboard();
  expect(copied.text.split('\n').map((line) => line.split('\t'))).toEqual([headers, ...shown]);
  expect(copied.cells).toEqual([headers, ...shown]);

  const fromCommandBox = async (name: string) => {
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Command to run' }).fill(name);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Commands' })).toBeHidden();
    return page.evaluate<string>('navigator.clipboard.readText()');
  };
  const csv = await fromCommandBox('selection as CSV');
  expect(csv.split('\r\n').map((line) => line.split(',')[0])).toEqual([headers[0], first, second]);
  const json = JSON.parse(await fromCommandBox('selection as JSON')) as { id: string }[];
  expect(json.map((record) => record.id)).toEqual([first, second]);
  const markdown = (await fromCommandBox('Markdown table')).split('\n');
  expect(markdown).toHaveLength(4);
  expect(markdown[2]).toBe(`| ${shown[0]?.join(' | ')} |`);
});

test('copies a customer’s details for a mail, from its page and from the record panel, in the language shown', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The HTML put on the clipboard is read in the page: none of it may break its policy (an inline
  // style did, once per cell).
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const grid = page.getByRole('grid', { name: 'Customers' });
  const [first = ''] = await visibleIds(page, grid);
  // The name as the list shows it (its second column), before the customer is opened.
  const name = (await page.getByTestId('row').first().getByRole('gridcell').nth(1).innerText()).trim();
  await page.getByTestId('row').first().dblclick();
  const card = async () =>
    page
      .locator('.customer-card .card-field')
      .evaluateAll((fields) =>
        fields.map((field) => [...field.children].map((part) => part.textContent ?? '')),
      );
  await expect.poll(async () => (await card()).length).toBeGreaterThan(3);
  // The API's timestamps are no detail a customer is sent; the summary's figures are, once known.
  const fields = (await card()).filter(([label]) => label !== 'Created' && label !== 'Last updated');
  const totals = page.locator('.summary-totals');
  await expect(totals).toBeVisible();
  const figure = (term: string) => totals.locator('dt', { hasText: term }).locator('+ dd').innerText();
  const summary = [
    ['MRR in force (monthly)', await figure('MRR in force')],
    ['ARR in force (annual)', await figure('ARR in force')],
    ['Next commitment deadline', await figure('Next commitment deadline')],
    ['Next end of notice period', await figure('Next end of notice period')],
  ].map(([label, value]) => [label, value?.trim() ?? '']);
  await page.getByRole('button', { name: `Copy details of ${first}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  const copied = await page.evaluate<{ text: string; cells: string[][] }>(READ_CLIPBOARD);
  const expected = [['Customer ID', first], ['Name', name], ...fields, ...summary];
  expect(copied.text.split('\n')).toEqual(expected.map(([label, value]) => `${label}: ${value}`));
  expect(copied.cells).toEqual(expected);
  await shoot(page, testInfo.outputPath('copy-details.png'), 'copy-details');

  // In French: the labels of the language shown, a no-break space before the colon.
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Commande à lancer' }).fill('copier la fiche');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Copié' })).toBeVisible();
  const french = (await page.evaluate<{ text: string }>(READ_CLIPBOARD)).text.split('\n');
  expect(french.slice(0, 2)).toEqual([`N° client\u00a0: ${first}`, `Nom\u00a0: ${name}`]);
  await chooseLanguage(page, 'EN');

  // The record panel of a row: the fields it shows with a value, as drawn (no white space at their ends).
  await page.getByRole('button', { name: /Back to customers/ }).click();
  await grid.focus();
  await page.keyboard.press('Space');
  const panel = page.getByRole('region', { name: `Record ${first}` });
  const shown = await panel
    .locator('.record-field')
    .evaluateAll((rows) =>
      rows
        .map((row) => [
          row.querySelector('dt')?.textContent ?? '',
          (row.querySelector('dd > :first-child')?.textContent ?? '').trim(),
        ])
        .filter(([, value]) => value !== ''),
    );
  await panel.getByRole('button', { name: `Copy details of ${first}` }).click();
  await expect
    .poll(() => page.evaluate<string>('navigator.clipboard.readText()'))
    .toBe(shown.map(([label, value]) => `${label}: ${value}`).join('\n'));
  // Rows copied as a table for a mail, with its HTML.
  await grid.focus();
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Control+Shift+c');
  await expect
    .poll(async () => (await page.evaluate<{ cells: string[][] }>(READ_CLIPBOARD)).cells.length)
    .toBe(4);
  expect(errors).toEqual([]);
});

test('says the totals of the rows selected in a column of amounts in the status bar, from the cells’ own values', async ({
  page,
}, testInfo) => {
  await page.getByRole('navigation').getByRole('button', { name: 'Agreements' }).click();
  const grid = page.getByRole('grid', { name: 'Agreements' });
  await visibleIds(page, grid);
  const column = (await grid.getByRole('columnheader').allInnerTexts()).findIndex(
    (text) => text.trim() === 'MRR',
  );
  expect(column).toBeGreaterThan(0);
  await grid.focus();
  for (let step = 0; step < column; step++) await page.keyboard.press('ArrowRight');
  for (let step = 0; step < 4; step++) await page.keyboard.press('Shift+ArrowDown');
  const cells = await Promise.all(
    [0, 1, 2, 3, 4].map(async (row) =>
      (await page.getByTestId('row').nth(row).getByRole('gridcell').nth(column).innerText()).trim(),
    ),
  );
  // "€1,234.50" as a number: the figures below are checked against these, not against the app's sums.
  const amount = (text: string) => Number(text.replace(/[^\d.-]/g, ''));
  const amounts = cells.filter(Boolean).map(amount);
  const totals = page.getByTestId('selection-totals');
  await expect(totals).toContainText('5 rows selected');
  const said = (await totals.innerText()).trim();
  const figure = (name: string) => amount(new RegExp(`${name} (\\S+)`).exec(said)?.[1] ?? 'NaN');
  expect(figure('Sum')).toBeCloseTo(
    amounts.reduce((sum, value) => sum + value, 0),
    2,
  );
  expect(figure('Average')).toBeCloseTo(amounts.reduce((sum, value) => sum + value, 0) / amounts.length, 2);
  const byAmount = cells.filter(Boolean).sort((a, b) => amount(a) - amount(b));
  // Rows without an amount are left out of the figures, and said so.
  expect(said.includes(`${amounts.length} value`)).toBe(amounts.length < cells.length);
  expect(said).toContain(`Min ${byAmount[0]}`);
  expect(said).toContain(`Max ${byAmount.at(-1)}`);
  await shoot(page, testInfo.outputPath('selection-totals.png'), 'selection-totals');
  // The selection ends: the status bar says nothing of it.
  await page.keyboard.press('ArrowDown');
  await expect(totals).toHaveText('');
});

test('copies the active cell, and Shift-selected rows as tab-separated text', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const grid = page.getByRole('grid', { name: 'Customers' });
  const [first = '', second = ''] = await visibleIds(page, grid);
  await grid.focus();
  await page.keyboard.press('Control+C');
  await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(first);
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Control+C');
  const copied = await page.evaluate<string>('navigator.clipboard.readText()');
  const lines = copied.split('\n');
  expect(lines).toHaveLength(2);
  expect(lines.map((line) => line.split('\t')[0])).toEqual([first, second]);
  expect(lines[0]?.split('\t').length).toBeGreaterThan(5);
});
