import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { chooseLanguage, FIRST_SCREEN_WAIT_MS, openApp } from './app-page.js';
import { ownDemo } from './own-demo.js';
import { shoot } from './shoot.js';

// How a table is read: its text size, by its keys and the command box (the grid's text and rows
// follow, the virtual rows placed at the new height, the scrollbar standing for the same list; the
// window's other text does not; kept on this computer across a reload), and a column gone to by
// its name in either language from the command box.
const own = ownDemo({ customers: 2_000, contacts: 20, agreements: 20 }, 'Reading desk');

/** The grid's cell text size, a row's height and the second row's place, the list's height, and the toolbar's text size. */
const sizesOf = (grid: Locator) =>
  grid.evaluate((element) => {
    const style = (of: typeof element) => element.ownerDocument.defaultView!.getComputedStyle(of);
    const rows = [...element.querySelectorAll<typeof element>('[data-testid="row"]')];
    const [first, second] = rows.sort(
      (a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')),
    );
    const header = element.querySelector('.table-header');
    const button = element.ownerDocument.querySelector<typeof element>('.table-toolbar button');
    return {
      text: style(first!.querySelector<typeof element>('[role="gridcell"]')).fontSize,
      row: first!.getBoundingClientRect().height,
      apart: second!.getBoundingClientRect().top - first!.getBoundingClientRect().top,
      rowsHeight: element.scrollHeight - (header?.getBoundingClientRect().height ?? 0),
      toolbar: style(button).fontSize,
    };
  });

test('larger, smaller and back, kept after a reload: the grid alone grows, its rows and scrollbar with it', async ({
  page,
}, testInfo) => {
  const grid = await openApp(page, own.host);
  expect(await sizesOf(grid)).toEqual({
    text: '14px',
    row: 32,
    apart: 32,
    rowsHeight: 2_000 * 32,
    toolbar: '14px',
  });
  await grid.focus();
  await page.keyboard.press('Control+Alt+Equal');
  await page.keyboard.press('Control+Alt+Equal');
  await expect.poll(async () => (await sizesOf(grid)).text).toBe('16px');
  // 32 px at 14 px of text: 37 at 16, in whole pixels.
  expect(await sizesOf(grid)).toEqual({
    text: '16px',
    row: 37,
    apart: 37,
    rowsHeight: 2_000 * 37,
    toolbar: '14px',
  });
  // The last row is reached at the new height.
  await page.keyboard.press('Control+End');
  await expect(grid.getByTestId('row').filter({ hasText: /CUS-/ }).last()).toBeVisible();
  await expect
    .poll(() => grid.evaluate((element) => element.scrollTop + element.clientHeight - element.scrollHeight))
    .toBeGreaterThanOrEqual(-1);

  await page.reload();
  const again = page.getByRole('grid', { name: 'Customers' });
  await expect(again.getByTestId('row').first()).toBeVisible({ timeout: FIRST_SCREEN_WAIT_MS });
  await expect.poll(async () => (await sizesOf(again)).text).toBe('16px');
  expect(await axeViolations(page)).toEqual([]);
  await again.focus();
  await page.keyboard.press('Control+Alt+Equal');
  await page.keyboard.press('Control+Alt+Equal');
  await expect.poll(async () => (await sizesOf(again)).text).toBe('20px');
  await shoot(page, testInfo.outputPath('table-text.png'), 'table-text');
  await page.keyboard.press('Control+Alt+Minus');
  await expect.poll(async () => (await sizesOf(again)).text).toBe('18px');
  await page.keyboard.press('Control+Alt+Digit0');
  await expect.poll(async () => (await sizesOf(again)).text).toBe('14px');

  // In French, from the command box.
  await chooseLanguage(page, 'FR');
  const grille = page.getByRole('grid', { name: 'Clients' });
  await grille.focus();
  await page.keyboard.press('Control+k');
  const boite = page.getByRole('dialog', { name: 'Commandes' });
  await boite.getByRole('combobox').fill('texte plus grand');
  await expect(boite.getByRole('option').first()).toContainText('Texte des tableaux plus grand');
  await expect(boite.getByRole('option').first()).toContainText('Ctrl+Alt+=');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sizesOf(grille)).text).toBe('15px');
  await page.keyboard.press('Control+Alt+Digit0');
  await expect.poll(async () => (await sizesOf(grille)).text).toBe('14px');
  await chooseLanguage(page, 'EN');
});

/** The active cell's column header, and whether the cell is wholly inside the grid's box. */
const activeColumn = (grid: Locator) =>
  grid.evaluate((element) => {
    const cell = element.ownerDocument.getElementById(element.getAttribute('aria-activedescendant') ?? '');
    if (!cell) return undefined;
    const header = element.querySelectorAll('[role="columnheader"]')[Number(cell.dataset.column)];
    const box = element.getBoundingClientRect();
    const place = cell.getBoundingClientRect();
    return {
      header: header?.textContent?.trim(),
      inView: place.left >= box.left && place.right <= box.right + 1,
      scrolled: element.scrollLeft > 0,
    };
  });

async function goToColumn(page: Page, dialog: string, typed: string, option: string, shot?: string) {
  await page.keyboard.press('Control+k');
  const box = page.getByRole('dialog', { name: dialog });
  await box.getByRole('combobox').fill(typed);
  await expect(box.getByRole('option')).toHaveText([option]);
  expect(await axeViolations(page)).toEqual([]);
  if (shot) await shoot(page, shot, 'go-to-column');
  await page.keyboard.press('Enter');
  await expect(box).toHaveCount(0);
}

test('a column gone to by its name, in the language shown or the other: active, and scrolled into view', async ({
  page,
}, testInfo) => {
  // Narrow: the last columns are off to the right.
  const grid = await openApp(page, own.host, { width: 800 });
  await grid.focus();
  expect(await activeColumn(grid)).toMatchObject({ header: 'Customer ID', scrolled: false });
  // Its French name, in the English window.
  await goToColumn(page, 'Commands', 'pays', 'Go to column Country', testInfo.outputPath('go-to-column.png'));
  await expect(grid).toBeFocused();
  await expect.poll(() => activeColumn(grid)).toEqual({ header: 'Country', inView: true, scrolled: true });
  // Columns are listed only for what is typed.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('option', { name: /Go to column/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await chooseLanguage(page, 'FR');
  const grille = page.getByRole('grid', { name: 'Clients' });
  await grille.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => activeColumn(grille)).toMatchObject({ header: 'N° client' });
  await goToColumn(page, 'Commandes', 'colonne street', 'Aller à la colonne Adresse');
  await expect.poll(() => activeColumn(grille)).toMatchObject({ header: 'Adresse', inView: true });
  await chooseLanguage(page, 'EN');
});
