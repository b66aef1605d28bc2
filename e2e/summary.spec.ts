import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { ownDemo } from './own-demo.js';

// A customer at a glance: the summary above its tables is made once its agreements are read whole,
// which takes seconds for a customer with thousands of them. It keeps one height from the first
// paint, so the tables below never move under the pointer when it arrives.
const own = ownDemo({ customers: 2, contacts: 20, agreements: 14_000 }, 'Summary API');
test.describe.configure({ timeout: 120_000 });

const TABLES = ['Contacts of this customer', 'Agreements of this customer'];

/** Where each of the customer's two grids is drawn. */
const gridBoxes = (page: Page) =>
  Promise.all(TABLES.map((name) => page.getByRole('grid', { name }).boundingBox()));

// A customer each: the app holds a list it has read (the second would find it read).
for (const [width, height, customer] of [
  [1280, 720, 'CUS-00000001'],
  [1920, 1080, 'CUS-00000002'],
] as const) {
  test(`at ${width}×${height}, the tables stay where they are when a long read of the agreements ends`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto(await own.host.address());
    await page.getByLabel('Open customer').fill(customer);
    // Each answer a little late, so the 14 pages read one after another (a cursor each) take seconds
    // after the tables' first rows, on a busy machine too.
    own.demo.faults.delayNext(40, 300);
    await page.getByLabel('Open customer').press('Enter');
    await expect(page.getByRole('grid', { name: TABLES[1] }).getByTestId('row').first()).toBeVisible();
    // Still reading: 6,903 agreements are 14 pages of 500.
    // It says how far, of how many (the count of the agreements' list).
    await expect(page.getByRole('status').filter({ hasText: 'Reading this customer' })).toHaveText(
      /^Reading this customer's agreements: [\d,]+ of [\d,]{5}…$/,
    );
    const before = await gridBoxes(page);

    const summary = page.getByRole('region', { name: 'Agreements at a glance' });
    await expect(summary.getByRole('table', { name: 'Agreements by status' })).toBeVisible({
      timeout: 60_000,
    });
    expect(await gridBoxes(page)).toEqual(before);
    // The Demo's seven statuses (six and none) fit in it: nothing to scroll to.
    await expect(summary.getByRole('rowheader')).toHaveCount(7);
    expect(
      await summary.evaluate((element) => element.scrollHeight - element.clientHeight),
    ).toBeLessThanOrEqual(0);
    // Each table's grid ends above the next table's title (a squeezed table drew over it).
    const [contacts] = await gridBoxes(page);
    const agreementsTitle = await page.getByRole('heading', { name: /^Agreements \(/ }).boundingBox();
    expect((contacts?.y ?? 0) + (contacts?.height ?? 0)).toBeLessThanOrEqual(agreementsTitle?.y ?? 0);
    expect(await axeViolations(page)).toEqual([]);
  });
}
