import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { pageOverflow } from './grid.js';
import { ownDemo } from './own-demo.js';

// A customer at a glance: the summary above its tables is made once its agreements are read whole,
// which takes seconds for a customer with thousands of them. It keeps one height from the first
// paint, so the tables below never move under the pointer when it arrives.
const own = ownDemo({ customers: 2, contacts: 20, agreements: 14_000 }, 'Summary API');
test.describe.configure({ timeout: 120_000 });

const TABLES = ['Agreements of this customer'];

/** Where the customer's grid shown is drawn (its agreements' tab). */
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
    await expect(page.getByRole('grid', { name: TABLES[0] }).getByTestId('row').first()).toBeVisible();
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
    // The rows stay where they were: the grid's top and width. (Its foot may come lower when the
    // status bar below, shorter once the read is done, gives back a line.)
    const after = await gridBoxes(page);
    expect(after.map((box) => [box?.x, box?.y, box?.width])).toEqual(
      before.map((box) => [box?.x, box?.y, box?.width]),
    );
    // The Demo's seven statuses (six and none) fit in it: nothing to scroll to.
    await expect(summary.getByRole('rowheader')).toHaveCount(7);
    expect(
      await summary.evaluate((element) => element.scrollHeight - element.clientHeight),
    ).toBeLessThanOrEqual(0);
    // The grid ends within the window, and the page does not scroll: the grid is the one box that does.
    const [grid] = after;
    expect((grid?.y ?? 0) + (grid?.height ?? 0)).toBeLessThanOrEqual(height);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });
}
