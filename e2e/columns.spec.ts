import { expect, test, type Page } from '@playwright/test';
import { FIRST_SCREEN_WAIT_MS } from './app-page.js';
import { cutCells, showCustomerTab } from './grid.js';
import { startHostProcess, type HostProcess } from './host-process.js';

// Columns as wide as what they show, at the width of a support desk's screen (1,600 px), through
// the browser host on the Demo API; resized by pointer, by keyboard, fitted on request.
let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess();
});
test.afterAll(() => host.stop());

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1_600, height: 900 });
  await page.goto(await host.address());
  await expect(page.getByTestId('row').first()).toBeVisible({ timeout: FIRST_SCREEN_WAIT_MS });
});

/** The width of the column headed `name`. */
const widthOf = (page: Page, name: string) =>
  page
    .getByRole('columnheader', { name, exact: true })
    .evaluate((element) => element.getBoundingClientRect().width);

test('no cell of the first screen of any view is cut, and the table takes the window’s width', async ({
  page,
}) => {
  for (const view of ['Customers', 'Contacts', 'Agreements']) {
    await page.getByRole('navigation').getByRole('button', { name: view }).click();
    const grid = page.getByRole('grid', { name: view });
    await expect(grid.getByTestId('row').first()).toBeVisible();
    expect(await cutCells(grid), view).toEqual([]);
    // The columns reach the grid's right edge: no third of the window left empty.
    const [right, edge] = await grid.evaluate((element) => [
      Math.max(
        ...[...element.querySelectorAll('[role="columnheader"]')].map(
          (cell) => cell.getBoundingClientRect().right,
        ),
      ),
      element.getBoundingClientRect().left + element.clientWidth,
    ]);
    expect(right, view).toBeGreaterThanOrEqual(edge - 2);
  }
  await page.getByRole('navigation').getByRole('button', { name: 'Customers' }).click();
  await page.getByTestId('row').first().dblclick();
  for (const [resource, name] of [
    ['contacts', 'Contacts of this customer'],
    ['agreements', 'Agreements of this customer'],
  ] as const) {
    await showCustomerTab(page, resource);
    const grid = page.getByRole('grid', { name });
    await expect(grid.getByTestId('row').first()).toBeVisible();
    expect(await cutCells(grid), name).toEqual([]);
  }
});

test('a column’s edge resizes by keyboard, remembered for the view; Enter or a double-click fits it', async ({
  page,
}) => {
  const grid = page.getByRole('grid', { name: 'Customers' });
  const edge = page.getByRole('separator', { name: 'Width of Email' });
  const before = await widthOf(page, 'Email');
  await edge.focus();
  for (let press = 0; press < 4; press++) await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => widthOf(page, 'Email')).toBe(Math.max(60, before - 200));
  await expect(edge).toHaveAttribute('aria-valuenow', String(Math.max(60, before - 200)));
  expect((await cutCells(grid)).some((cell) => cell.startsWith('Email:'))).toBe(true);
  // The arrows were the edge's: the grid's active cell did not move.
  await expect(grid.getByRole('gridcell').first()).toHaveClass(/active/);
  // A held key repeats faster than the header redraws: every press counts, out and back.
  const held = (key: string) =>
    page.evaluate(`{
      const edge = document.querySelector('[role=separator][aria-label="Width of Email"]');
      for (let press = 0; press < 2; press++)
        edge.dispatchEvent(new KeyboardEvent('keydown', { key: '${key}', shiftKey: true, bubbles: true }));
    }`);
  await held('ArrowRight');
  await expect.poll(() => widthOf(page, 'Email')).toBe(Math.max(60, before - 200) + 100);
  await held('ArrowLeft');
  await expect.poll(() => widthOf(page, 'Email')).toBe(Math.max(60, before - 200));

  // Remembered for the view, after a reload.
  await page.waitForTimeout(600);
  await page.reload();
  await expect(page.getByTestId('row').first()).toBeVisible();
  await expect.poll(() => widthOf(page, 'Email')).toBe(Math.max(60, before - 200));

  await page.getByRole('separator', { name: 'Width of Email' }).focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await cutCells(grid)).filter((cell) => cell.startsWith('Email:')))
    .toEqual([]);

  // Narrowed by pointer, fitted by double-click.
  const name = page.getByRole('separator', { name: 'Width of Name' });
  const box = (await name.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 150, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  expect((await cutCells(grid)).some((cell) => cell.startsWith('Name:'))).toBe(true);
  await name.dblclick();
  await expect
    .poll(async () => (await cutCells(grid)).filter((cell) => cell.startsWith('Name:')))
    .toEqual([]);
});
