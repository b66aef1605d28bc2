import { expect, test, type Locator, type Page } from '@playwright/test';
import { toRecord } from '../electron/demo-api/rows.js';
import { axeViolations } from './axe.js';
import { chooseLanguage, openApp } from './app-page.js';
import { showCustomerTab } from './grid.js';
import { ownDemo } from './own-demo.js';
import { shoot } from './shoot.js';

// Only a cell's value, or all but it, from the cell's menu (a right click, Shift+F10) and the
// command box, on a list and on a customer's tab, in English and French: the filter's chip says it
// as if typed, and the rows kept are the Demo's own, counted here with plain code.
const own = ownDemo({ customers: 300, contacts: 400, agreements: 3_000 }, 'Filter by value desk');

/** The Demo's agreements as the API sends them in `language`. */
const agreementsIn = (language: 'en' | 'fr') => {
  const { agreements } = own.demo.store.tables;
  return Array.from({ length: agreements.size }, (_, index) =>
    toRecord.agreements(agreements.at(index)!, language),
  );
};

/** The cell of `grid`'s first row under the header named `column`. */
async function firstRowCell(grid: Locator, column: string): Promise<Locator> {
  // The headers in the language shown (its schema may still be on its way after a switch).
  await expect(grid.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  const headers = await grid.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((header) => header.trim() === column);
  expect(index, `a column named ${column} in ${headers.join(', ')}`).toBeGreaterThan(0);
  return grid.getByTestId('row').first().getByRole('gridcell').nth(index);
}

const matches = (region: Locator, count: number, language: 'en' | 'fr') =>
  expect(region.getByTestId('row-count')).toHaveText(
    language === 'en'
      ? `${count.toLocaleString('en-US')} match${count === 1 ? '' : 'es'}`
      : `${count.toLocaleString('fr-FR')} résultat${count > 1 ? 's' : ''}`,
    { timeout: 20_000 },
  );

async function runCommand(page: Page, dialog: string, words: string) {
  await page.keyboard.press('Control+k');
  const box = page.getByRole('dialog', { name: dialog });
  await box.getByRole('combobox').fill(words);
  await expect(box.getByRole('option').first()).toContainText(words);
  await page.keyboard.press('Enter');
  await expect(box).toHaveCount(0);
}

test('only this value, then all but another, on the agreements: chips as if typed, the Demo’s rows', async ({
  page,
}, testInfo) => {
  const grid = await openApp(page, own.host, { list: 'Agreements' });
  const region = page.getByRole('region', { name: 'Agreements' });
  const records = agreementsIn('en');
  const id = (await grid.getByTestId('row').first().getByRole('gridcell').first().innerText()).trim();
  const record = records.find((each) => each.id === id)!;

  const status = await firstRowCell(grid, 'Status');
  await status.click({ button: 'right' });
  const only = page.getByRole('menuitem', {
    name: `Only rows where Status is “${String(record.statusLabel)}”`,
  });
  await expect(only).toBeVisible();
  expect(await axeViolations(page, '.context-menu')).toEqual([]);
  await shoot(page, testInfo.outputPath('filter-by-value.png'), 'filter-by-value');
  await only.click();
  await expect(region.locator('.filter-chips')).toHaveText(`Status is ${String(record.statusLabel)}✕`);
  const sameStatus = records.filter((each) => each.status === record.status);
  await matches(region, sameStatus.length, 'en');

  // By the keyboard: the first row's name, Shift+F10, the menu's item by its words, Enter.
  const name = await firstRowCell(grid, 'Name');
  await name.click();
  const shownName = (await name.innerText()).trim();
  await page.keyboard.press('Shift+F10');
  const leaveOut = page.getByRole('menuitem', { name: `Leave out rows where Name is “${shownName}”` });
  await expect(leaveOut).toBeVisible();
  await leaveOut.focus();
  await page.keyboard.press('Enter');
  await expect(region.locator('.filter-chips li')).toHaveText([
    `Status is ${String(record.statusLabel)}✕`,
    `Name is not ${shownName}✕`,
  ]);
  await matches(region, sameStatus.filter((each) => each.name !== shownName).length, 'en');
  expect(await axeViolations(page)).toEqual([]);
});

test('in French, on a customer’s agreements, from the command box', async ({ page }) => {
  await openApp(page, own.host);
  await chooseLanguage(page, 'FR');
  const records = agreementsIn('fr');
  // The customer with the most agreements: a tab worth filtering.
  const byCustomer = new Map<string, typeof records>();
  for (const record of records) {
    const customer = String(record.customerId);
    byCustomer.set(customer, [...(byCustomer.get(customer) ?? []), record]);
  }
  const [customerId, theirs] = [...byCustomer].sort((a, b) => b[1].length - a[1].length)[0]!;
  await page.getByLabel('Ouvrir le client').fill(customerId);
  await page.getByLabel('Ouvrir le client').press('Enter');
  await showCustomerTab(page, 'agreements');
  const region = page.getByRole('region', { name: 'Contrats de ce client' });
  const grid = region.getByRole('grid');
  await expect(grid.getByTestId('row').first()).toBeVisible({ timeout: 20_000 });
  const id = (await grid.getByTestId('row').first().getByRole('gridcell').first().innerText()).trim();
  const record = theirs.find((each) => each.id === id)!;
  await (await firstRowCell(grid, 'Statut')).click();
  await runCommand(
    page,
    'Commandes',
    `Exclure les lignes où Statut est «\u00a0${String(record.statusLabel)}\u00a0»`,
  );
  await expect(region.locator('.filter-chips')).toHaveText(`Statut n’est pas ${String(record.statusLabel)}✕`);
  await matches(region, theirs.filter((each) => each.status !== record.status).length, 'fr');
  expect(await axeViolations(page)).toEqual([]);
  await chooseLanguage(page, 'EN');
});

test('a column’s values: counts adding up to the list, each the rows its button keeps, in English and French', async ({
  page,
}, testInfo) => {
  const grid = await openApp(page, own.host, { list: 'Agreements' });
  const region = page.getByRole('region', { name: 'Agreements' });
  const records = agreementsIn('en');
  await grid.getByRole('columnheader', { name: 'Status', exact: true }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Values of Status…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Values of Status' });
  await expect(dialog.getByTestId('values-summary')).toContainText('3,000 rows', { timeout: 30_000 });
  const shown = await dialog
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    );
  // Each status with its count, as the Demo's rows say; together, every row.
  const expected = new Map<string, number>();
  for (const record of records) {
    const label = record.status === null ? '(empty)' : String(record.statusLabel);
    expected.set(label, (expected.get(label) ?? 0) + 1);
  }
  expect(new Map(shown.map(([value, count]) => [value, Number(count?.replace(/\D/g, ''))]))).toEqual(
    expected,
  );
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, testInfo.outputPath('column-values.png'), 'column-values');
  // A value's button keeps its rows: the same count.
  const [value, count] = shown[1]!;
  await dialog.getByRole('button', { name: value, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(region.locator('.filter-chips')).toHaveText(`Status is ${value}✕`);
  await matches(region, Number(count?.replace(/\D/g, '')), 'en');

  // In French, from the command box, a column of amounts: its figures in euros.
  await chooseLanguage(page, 'FR');
  const grille = page.getByRole('grid', { name: 'Contrats' });
  await (await firstRowCell(grille, 'Revenu mensuel (MRR)')).click();
  await runCommand(page, 'Commandes', 'Valeurs de Revenu mensuel (MRR)…');
  const boite = page.getByRole('dialog', { name: 'Valeurs de Revenu mensuel (MRR)' });
  const kept = records.filter((record) => record.statusLabel === value);
  const sum = kept.reduce((total, record) => total + Number(record.mrr ?? 0), 0);
  const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(sum);
  await expect(boite.getByTestId('values-summary')).toContainText(
    `${kept.length.toLocaleString('fr-FR')} lignes`,
    {
      timeout: 30_000,
    },
  );
  await expect(boite.getByTestId('values-summary')).toContainText(`somme ${euros}`);
  expect(await axeViolations(page)).toEqual([]);
  await boite.getByRole('button', { name: 'Fermer' }).click();
  await chooseLanguage(page, 'EN');
});
