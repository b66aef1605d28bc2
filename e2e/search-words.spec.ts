import { expect, test, type Page } from '@playwright/test';
import { toRecord } from '../electron/demo-api/rows.js';
import { axeViolations } from './axe.js';
import { openApp } from './app-page.js';
import { shoot } from './shoot.js';
import { ownDemo } from './own-demo.js';

// A French agent's search words in a table's search box, in Chromium through the browser host: a
// column named by its label (completed from the list under the box) or its key, an excluded phrase,
// OR; the rows shown checked one by one against the Demo's own rows, read here with plain code.
const own = ownDemo({ customers: 300, contacts: 20, agreements: 20 }, 'Search words desk');

/** Lower case without accents: how a search compares (written here again, not taken from the app). */
const folded = (value: unknown) =>
  (typeof value === 'string' ? value : JSON.stringify(value ?? ''))
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '');

/** The ids of the Demo's customers, in its order, as the API sends them in French, that `keep` keeps. */
const demoIds = (keep: (record: Record<string, unknown>) => boolean) =>
  Array.from({ length: own.demo.store.tables.customers.size }, (_, index) =>
    own.demo.store.tables.customers.at(index),
  )
    .flatMap((row) => (row ? [toRecord.customers(row, 'fr')] : []))
    .filter(keep)
    .map((record) => String(record.id))
    .sort();

const anyField = (record: Record<string, unknown>, text: string) =>
  Object.values(record).some((value) => folded(value).includes(text));

/** The ids of the rows the table shows (in id order: the table's is the API's, by name), once it says it found `count`, all on the screen. */
async function idsShown(page: Page, count: number): Promise<string[]> {
  await expect(page.getByTestId('row-count')).toContainText(`${count} résultat`, { timeout: 30_000 });
  const rows = page.getByRole('grid', { name: 'Clients' }).getByTestId('row');
  await expect(rows).toHaveCount(count);
  const ids = await rows.evaluateAll((each) =>
    each.map((row) => row.querySelector('[role="gridcell"]')?.textContent ?? ''),
  );
  return ids.sort();
}

test('a column named by its label, completed, or by its key, a phrase excluded, OR: the rows are the Demo’s, one by one', async ({
  page,
}, testInfo) => {
  await openApp(page, own.host, { height: 2400 });
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const search = page.getByRole('searchbox', { name: 'Rechercher dans toutes les colonnes' });

  // "vil" offers the column « Ville »: Down, then Enter, takes it.
  await search.fill('vil');
  const names = page.getByRole('listbox', { name: 'Colonnes où chercher' });
  await expect(names.getByRole('option')).toHaveText(['Ville:']);
  await search.press('ArrowDown');
  await expect(names.getByRole('option', { name: 'Ville:' })).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(search).toHaveValue('Ville:');
  await expect(names).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);

  await search.pressSequentially('paris -"& fils"');
  const parisNotSons = demoIds(
    (record) => folded(record.city).includes('paris') && !anyField(record, '& fils'),
  );
  expect(parisNotSons.length).toBeGreaterThan(5);
  expect(parisNotSons.length).toBeLessThan(demoIds((record) => folded(record.city).includes('paris')).length);
  expect(await idsShown(page, parisNotSons.length)).toEqual(parisNotSons);
  // The word found is marked in its column only; the excluded words nowhere.
  const marks = page.getByTestId('row').locator('mark');
  await expect(marks.first()).toHaveText(/^paris$/i);
  expect(await marks.allTextContents()).toEqual(parisNotSons.map(() => 'Paris'));

  // A key and a label, joined by OR.
  await search.fill('city:lyon OR ville:nantes');
  const lyonOrNantes = demoIds((record) =>
    ['lyon', 'nantes'].some((city) => folded(record.city).includes(city)),
  );
  expect(await idsShown(page, lyonOrNantes.length)).toEqual(lyonOrNantes);

  // A column no list has is searched as typed, and said.
  await search.fill('pays2:france');
  await expect(page.getByText('Aucune colonne ne s’appelle « pays2 » : cherché tel quel.')).toBeVisible();
  await expect(search).toHaveAccessibleDescription(/Aucune colonne ne s’appelle/);

  // The manual's picture: the words, what they found, another column's name offered.
  await page.setViewportSize({ width: 1280, height: 720 });
  await search.fill('Ville:paris -"& fils" co');
  await expect(names.getByRole('option').first()).toBeVisible();
  await shoot(page, testInfo.outputPath('search-words.png'), 'search-words');
});
