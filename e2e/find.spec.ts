import { expect, test, type Locator, type Page } from '@playwright/test';
import { orderingFor } from '../electron/demo-api/ordering.js';
import { toRecord } from '../electron/demo-api/rows.js';
import { axeViolations } from './axe.js';
import { chooseLanguage, openApp } from './app-page.js';
import { activeRow } from './grid.js';
import { ownDemo } from './own-demo.js';
import { shoot } from './shoot.js';

// Find in the results at a desk's size: the words counted over 100,000 customers, every row kept,
// and the moves landing on the rows that hold them, checked against the Demo's own rows in its
// order (read here with plain code) and against the text of the cell the find made active.
const own = ownDemo({ customers: 100_000, contacts: 20, agreements: 20 }, 'Find desk');

/** Lower case without accents: how a search compares (written here again, not taken from the app). */
const folded = (value: unknown) =>
  (typeof value === 'string' ? value : JSON.stringify(value ?? ''))
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '');

/** The places (from 0) in the customers' list, in the API's order, of the records holding `word` in `language`. */
function placesHolding(word: string, language: 'en' | 'fr'): number[] {
  const { customers } = own.demo.store.tables;
  const rows = Array.from({ length: customers.size }, (_, index) => customers.at(index)!);
  rows.sort(orderingFor('customers', undefined).compareRows);
  return rows.flatMap((row, place) =>
    Object.values(toRecord.customers(row, language)).some((value) => folded(value).includes(word))
      ? [place]
      : [],
  );
}

/** The text of the grid's active cell. */
const activeText = (grid: Locator) =>
  grid.evaluate(
    (element) =>
      element.ownerDocument.getElementById(element.getAttribute('aria-activedescendant') ?? '')
        ?.textContent ?? '',
  );

/** Waits until the active row is row `place` (the move's rows read and drawn) and its cell holds `word`. */
async function landedOn(grid: Locator, place: number, word: string) {
  await expect.poll(async () => (await activeRow(grid))?.index, { timeout: 30_000 }).toBe(place);
  await expect.poll(async () => folded(await activeText(grid))).toContain(word);
}

async function findIn(page: Page, grid: Locator, field: string) {
  await grid.focus();
  await page.keyboard.press('Control+Shift+F');
  const box = page.getByRole('searchbox', { name: field });
  await expect(box).toBeFocused();
  return box;
}

test('find in 100,000 customers: counted whole, moved through at any depth, the rows kept, in English and French', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const grid = await openApp(page, own.host);
  const word = 'durand';
  const places = placesHolding(word, 'en');
  expect(places.length).toBeGreaterThan(100);
  const total = places.length.toLocaleString('en-US');

  const box = await findIn(page, grid, 'Find in the results');
  await box.fill(word);
  const count = page.getByTestId('find-count');
  // Nothing said as found before the list is held whole: "so far" while it is read.
  await expect(count).toHaveText(`${total} rows hold it: Enter goes to the first`, { timeout: 60_000 });
  // The rows stay: the table still counts every customer.
  await expect(page.getByText(/of 100,000/).first()).toBeVisible();

  await box.press('Enter');
  await expect(count).toHaveText(`1 of ${total} rows`);
  await landedOn(grid, places[0]!, word);
  // Marked where it is, in the rows shown.
  await expect(grid.locator('mark').first()).toHaveText(/^durand$/i);
  // Back from the first: the last row, 99,000 rows down, read by position and drawn.
  await box.press('Shift+Enter');
  await expect(count).toHaveText(`${total} of ${total} rows`);
  await landedOn(grid, places.at(-1)!, word);
  expect(places.at(-1)).toBeGreaterThan(95_000);
  // F3 goes on, wrapping to the first; a row's other cells holding the word come before the next row.
  await page.keyboard.press('F3');
  await expect(count).toHaveText(`1 of ${total} rows`);
  await landedOn(grid, places[0]!, word);
  for (let moves = 0; moves < 4; moves++) await page.keyboard.press('F3');
  await expect.poll(async () => (await activeRow(grid))?.index).toBeGreaterThan(places[0]!);
  const reached = (await activeRow(grid))!.index;
  expect(places).toContain(reached);
  await expect(count).toHaveText(`${places.indexOf(reached) + 1} of ${total} rows`);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, testInfo.outputPath('find.png'), 'find');

  // Esc closes the find; the active cell stays where it was left, the keyboard back in the grid.
  await box.press('Escape');
  await expect(box).toBeHidden();
  await expect(grid).toBeFocused();
  expect((await activeRow(grid))?.index).toBe(reached);
  expect(await grid.locator('mark').count()).toBe(0);

  // In French: the labels, and the same rows (a name holds the word in either language).
  await chooseLanguage(page, 'FR');
  const frenchGrid = page.getByRole('grid', { name: 'Clients' });
  // From the first row, which does not hold the word: back goes to the last.
  expect(places[0]).toBeGreaterThan(0);
  await frenchGrid.focus();
  await page.keyboard.press('Control+Home');
  await expect.poll(async () => (await activeRow(frenchGrid))?.index).toBe(0);
  const frenchBox = await findIn(page, frenchGrid, 'Rechercher dans les résultats');
  await frenchBox.fill(word);
  const french = placesHolding(word, 'fr');
  const frenchTotal = french.length.toLocaleString('fr-FR');
  await expect(count).toHaveText(`${frenchTotal} lignes le contiennent\u00a0: Entrée va à la première`, {
    timeout: 60_000,
  });
  await frenchBox.press('Shift+Enter');
  await expect(count).toHaveText(`${frenchTotal} sur ${frenchTotal} lignes`);
  await landedOn(frenchGrid, french.at(-1)!, word);
  expect(await axeViolations(page)).toEqual([]);
  await chooseLanguage(page, 'EN');
});
