import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { chooseLanguage, FIRST_SCREEN_WAIT_MS, openApp } from './app-page.js';
import { startHostProcess, type HostProcess } from './host-process.js';
import { shoot } from './shoot.js';

// Columns pinned as a spreadsheet freezes them, and the grid's context menu, through the browser
// host on the Demo API, in a window narrow enough that the grid scrolls sideways.
let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess();
});
test.afterAll(() => host.stop());

/** The grid's column headers, in order. */
const headers = (grid: Locator) =>
  grid.evaluate((element) =>
    [...element.querySelectorAll('[role="columnheader"]')].map((cell) => cell.getAttribute('aria-label')),
  );

/** Where column `name`'s header and the first row's cell of that column stand, from the grid's left edge. */
const leftOf = (grid: Locator, name: string) =>
  grid.evaluate((element, header) => {
    const cells = [...element.querySelectorAll('[role="columnheader"]')];
    const column = cells.findIndex((cell) => cell.getAttribute('aria-label') === header);
    const edge = element.getBoundingClientRect().left;
    const cell = element.querySelector(`[data-testid="row"] [data-column="${column}"]`);
    return {
      header: Math.round((cells[column]?.getBoundingClientRect().left ?? NaN) - edge),
      cell: Math.round((cell?.getBoundingClientRect().left ?? NaN) - edge),
    };
  }, name);

/** Scrolls the grid sideways to its right end, as a person's wheel or scroll bar does. */
const scrollToRightEnd = (grid: Locator) =>
  grid.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
    element.dispatchEvent(new Event('scroll'));
  });

/** Opens the menu on column `name`'s header, with a right click. */
async function headerMenu(page: Page, grid: Locator, name: string): Promise<Locator> {
  await grid.getByRole('columnheader', { name, exact: true }).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: `Actions on ${name}` });
  await expect(menu).toBeVisible();
  return menu;
}

test('a column pinned from its header’s menu stays beside the id when the grid scrolls sideways, after a reload too; the keyboard crosses pinned and scrolled columns as one row', async ({
  page,
}, testInfo) => {
  const grid = await openApp(page, host, { list: 'Customers', width: 900 });
  const [idName = ''] = await headers(grid);
  expect(idName).toBe('Customer ID');
  const idWidth = await grid
    .getByRole('columnheader', { name: idName, exact: true })
    .evaluate((cell) => Math.round(cell.getBoundingClientRect().width));
  const menu = await headerMenu(page, grid, 'Email');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  expect(await axeViolations(page, '.context-menu')).toEqual([]);
  await menu.getByRole('menuitem', { name: 'Pin Email' }).click();
  await expect(menu).toBeHidden();
  await expect.poll(async () => (await headers(grid)).slice(0, 2)).toEqual([idName, 'Email']);

  await scrollToRightEnd(grid);
  // The id at the edge, the pinned column beside it, its header and its cells alike.
  await expect.poll(() => leftOf(grid, idName)).toEqual({ header: 1, cell: 1 });
  expect(await leftOf(grid, 'Email')).toEqual({ header: idWidth + 1, cell: idWidth + 1 });
  await shoot(page, testInfo.outputPath('pinned.png'), 'pinned-columns');
  // Wheeled back to the left edge: the cells under their headers, not one pinned width to the right.
  await grid.hover();
  await page.mouse.wheel(-5_000, 0);
  await expect.poll(() => grid.evaluate((element) => element.scrollLeft)).toBe(0);
  await expect.poll(() => leftOf(grid, 'Email')).toEqual({ header: idWidth + 1, cell: idWidth + 1 });

  // Kept with the view's columns, written as the person pins (no personal data: column keys).
  await expect
    .poll(async () => {
      const settings = JSON.parse(await readFile(join(host.dataDir, 'settings.json'), 'utf8')) as {
        layouts?: Record<string, { pinned?: string[] }>;
      };
      return settings.layouts?.customers?.pinned;
    })
    .toEqual(['email']);
  // After a reload, pinned still.
  await page.reload();
  await expect(grid.getByTestId('row').first()).toBeVisible({ timeout: FIRST_SCREEN_WAIT_MS });
  await expect.poll(async () => (await headers(grid)).slice(0, 2)).toEqual([idName, 'Email']);
  await expect(grid.getByRole('columnheader', { name: 'Email', exact: true })).toHaveClass(/pinned/);

  // The keyboard: End goes to the last column (scrolled to), Home back to the id, and the first
  // column after the pinned ones comes out from under them.
  await grid.focus();
  await page.keyboard.press('End');
  const activeCell = () =>
    grid.evaluate((element) => {
      const cell = element.ownerDocument.getElementById(element.getAttribute('aria-activedescendant') ?? '');
      const box = element.getBoundingClientRect();
      const place = cell?.getBoundingClientRect();
      return place
        ? {
            left: Math.round(place.left - box.left),
            right: Math.round(place.right - box.left),
            width: element.clientWidth,
          }
        : undefined;
    });
  await expect
    .poll(async () => {
      const cell = await activeCell();
      return cell && cell.right <= cell.width + 1 && cell.left > 0;
    })
    .toBe(true);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const emailWidth = await grid
    .getByRole('columnheader', { name: 'Email', exact: true })
    .evaluate((cell) => Math.round(cell.getBoundingClientRect().width));
  await expect.poll(async () => (await activeCell())?.left).toBeGreaterThanOrEqual(idWidth + emailWidth);

  // Alt+P pins the active column (the Columns menu says so); the command box unpins it by its name.
  const third = (await headers(grid))[2] ?? '';
  await page.keyboard.press('Alt+p');
  const pinButton = page.getByRole('button', { name: `Pin ${third}`, exact: true, includeHidden: true });
  await expect(pinButton).toHaveAttribute('aria-pressed', 'true');
  // Pinned columns never take more than 60 % of the grid: past it they scroll with the rest, so the
  // others can still be seen at 900 px.
  const stuck = await grid.evaluate((element) =>
    [...element.querySelectorAll('[role="columnheader"].pinned')].reduce(
      (sum, cell) => sum + cell.getBoundingClientRect().width,
      0,
    ),
  );
  expect(stuck).toBeLessThanOrEqual((await grid.evaluate((element) => element.clientWidth)) * 0.6);
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Command to run' }).fill(`Unpin ${third}`);
  await page.keyboard.press('Enter');
  await expect(pinButton).toHaveAttribute('aria-pressed', 'false');

  // Unpinned from the menu, by keyboard: Shift+F10 on its header (its edge holds the focus).
  await page.getByRole('separator', { name: 'Width of Email' }).focus();
  await page.keyboard.press('Shift+F10');
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Resize Email with the arrow keys' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Fit Email to its content' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Hide Email' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Unpin Email' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('columnheader', { name: 'Email', exact: true })).not.toHaveClass(/pinned/);
});

test('a saved view keeps its pinned columns; the columns chooser pins and moves within them', async ({
  page,
}) => {
  const grid = await openApp(page, host, { list: 'Contacts', width: 1000 });
  await page.getByText('Columns', { exact: true }).click();
  await page.getByRole('button', { name: 'Pin Phone', exact: true }).click();
  await page.getByRole('button', { name: 'Pin Email', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Pin Phone', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect((await headers(grid)).slice(0, 3)).toEqual(['Contact ID', 'Phone', 'Email']);
  // Moved among the pinned: Email before Phone; it cannot go before the id.
  await page.getByRole('button', { name: 'Move Email left' }).click();
  expect((await headers(grid)).slice(0, 3)).toEqual(['Contact ID', 'Email', 'Phone']);
  await expect(page.getByRole('button', { name: 'Move Email left' })).toBeDisabled();
  await page.getByText('Columns', { exact: true }).click();
  const pinned = await headers(grid);

  await page.getByRole('button', { name: 'Save view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the view of Contacts' });
  await dialog.getByLabel('Name of the view').fill('Phone first');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByText('Columns', { exact: true }).click();
  await page.getByRole('button', { name: 'Reset columns' }).click();
  await page.getByText('Columns', { exact: true }).click();
  await expect(grid.getByRole('columnheader', { name: 'Phone', exact: true })).not.toHaveClass(/pinned/);

  await page.getByText('Saved views', { exact: true }).click();
  await page
    .getByRole('list', { name: 'Saved views' })
    .getByRole('button', { name: 'Phone first', exact: true })
    .click();
  await expect.poll(() => headers(grid)).toEqual(pinned);
  await expect(grid.getByRole('columnheader', { name: 'Phone', exact: true })).toHaveClass(/pinned/);
});

test('the menu on a cell copies the selection as JSON, and the API’s values with their keys', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const grid = await openApp(page, host, { list: 'Agreements', width: 1400 });
  const first = page.getByTestId('row').first();
  const id = (await first.getByRole('gridcell').first().innerText()).trim();
  await first.getByRole('gridcell').nth(1).click({ button: 'right' });
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  expect(await axeViolations(page, '.context-menu')).toEqual([]);
  await shoot(page, testInfo.outputPath('grid-menu.png'), 'grid-menu');
  await menu.getByRole('menuitem', { name: 'Copy the selection as JSON' }).click();
  await expect(menu).toBeHidden();
  // The keyboard is back in the grid.
  await expect(grid).toBeFocused();
  const json = JSON.parse(await page.evaluate<string>('navigator.clipboard.readText()')) as { id: string }[];
  expect(json.map((record) => record.id)).toEqual([id]);

  // Shift+F10 opens it on the active cell; Escape closes it without copying.
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(grid).toBeFocused();

  await first.getByRole('gridcell').nth(1).click({ button: 'right' });
  await page
    .getByRole('menuitem', { name: "Copy the selection as the API's values, with their keys" })
    .click();
  const [keys = '', values = ''] = (await page.evaluate<string>('navigator.clipboard.readText()')).split(
    '\n',
  );
  expect(keys.split('\t')[0]).toBe('id');
  expect(values.split('\t')[0]).toBe(id);
  // Amounts as the API sent them: a dot, no grouping, no currency sign.
  const mrr = values.split('\t')[keys.split('\t').indexOf('mrr')] ?? '';
  expect(mrr).toMatch(/^-?\d+(\.\d+)?$/);

  // In French, its words are French.
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const frenchGrid = page.getByRole('grid', { name: 'Contrats' });
  await frenchGrid.getByRole('columnheader', { name: 'N° client', exact: true }).click({ button: 'right' });
  const french = page.getByRole('menu', { name: 'Actions sur N° client' });
  await expect(french.getByRole('menuitem', { name: 'Figer N° client' })).toBeVisible();
  await expect(french.getByRole('menuitem', { name: 'Masquer N° client' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(french).toBeHidden();
  await chooseLanguage(page, 'EN');
});
