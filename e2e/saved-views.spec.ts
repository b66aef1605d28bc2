import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { keptDesk } from './kept-desk.js';
import { ownDemo } from './own-demo.js';
import { chooseLanguage, nav, openApp } from './app-page.js';

// Saved views and the view as a command, in Chromium through the browser host against a Demo API
// of the test's own: a view saved in English survives a restart of the host and reopens exactly,
// then is renamed and deleted in French; the command line the export dialog copies, run as
// `npx cdb export` in a shell of its own, writes the same file as the app's export of the view.
const own = ownDemo({ customers: 200, contacts: 300, agreements: 2_000 }, "Léa's desk");

const open = (page: Page) => openApp(page, own.host, { width: 1600 });

const headers = async (page: Page) =>
  (await page.getByRole('columnheader').allTextContents()).map((text) => text.replace(/ [▼▲]$/, ''));

/** Agreements sorted by MRR (descending), only the suspended ones, without Currency. */
async function setUpWorklist(page: Page, language: 'en' | 'fr') {
  const words = {
    en: [
      'Agreements',
      'MRR',
      'Column',
      'Status',
      'Condition',
      'is',
      'Value',
      'Suspended',
      'Apply',
      'Columns',
      'Show Currency',
    ],
    fr: [
      'Contrats',
      'Revenu mensuel (MRR)',
      'Colonne',
      'Statut',
      'Condition',
      'est',
      'Valeur',
      'Suspendu',
      'Appliquer',
      'Colonnes',
      'Afficher Devise',
    ],
  }[language];
  const [
    list = '',
    mrr = '',
    column = '',
    status = '',
    condition = '',
    is = '',
    value = '',
    suspended = '',
    apply = '',
    columns = '',
    showCurrency = '',
  ] = words;
  await nav(page, list).click();
  await page.getByRole('columnheader', { name: mrr }).getByRole('button').click();
  await page.getByLabel(column, { exact: true }).selectOption({ label: status });
  await page.getByLabel(condition, { exact: true }).selectOption({ label: is });
  await page.getByLabel(value, { exact: true }).selectOption({ label: suspended });
  await page.getByRole('button', { name: apply }).click();
  await page.getByText(columns, { exact: true }).click();
  // A click on the box while the filter's rows come in is lost now and then on a loaded machine, for
  // a cause not found yet: clicked again until the box says the column is hidden.
  await expect(async () => {
    if (await page.getByLabel(showCurrency).isChecked()) await page.getByLabel(showCurrency).click();
    await expect(page.getByLabel(showCurrency)).not.toBeChecked({ timeout: 1_000 });
  }).toPass();
  await page.getByText(columns, { exact: true }).click();
  await expect(page.getByTestId('row').first()).toBeVisible();
}

test('a saved view survives a restart of the host and reopens with its sort, filter and columns; renamed and deleted in French', async ({
  page,
}) => {
  await open(page);
  await setUpWorklist(page, 'en');
  const saved = await headers(page);
  expect(saved).not.toContain('Currency');
  await page.getByRole('button', { name: 'Save view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the view of Agreements' });
  // Beside Save, and read with it: the view's filter values are kept unencrypted, by the person's choice.
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveAccessibleDescription(
    /its filter values unencrypted/,
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give the view a name.');
  await dialog.getByLabel('Name of the view').fill('Suspended by MRR');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Undone by hand, then the app restarted: the view comes back from the settings file alone.
  await page.getByText('Columns', { exact: true }).click();
  await page.getByRole('button', { name: 'Reset columns' }).click();
  await page.getByRole('button', { name: /Remove filter Status is Suspended/ }).click();
  await nav(page, 'Customers').click();
  // The reset layout is in the settings file before the host stops (it is written as the user acts).
  await expect
    .poll(async () => {
      const settings = JSON.parse(await readFile(join(own.host.dataDir, 'settings.json'), 'utf8')) as {
        layouts?: Record<string, { hidden?: string[] }>;
      };
      return settings.layouts?.agreements?.hidden ?? [];
    })
    .not.toContain('currency');
  // And the tab's place (written a second after the last move): the restart opens it on Customers.
  await expect
    .poll(() => keptDesk(page, own.host.dataDir))
    .toMatchObject({ screen: { kind: 'list', resource: 'customers' } });
  own.host = await own.host.restart();
  await open(page);
  await nav(page, 'Agreements').click();
  await expect(page.getByRole('columnheader', { name: 'Currency' })).toBeVisible();

  await page.getByText('Saved views', { exact: true }).click();
  await page
    .getByRole('list', { name: 'Saved views' })
    .getByRole('button', { name: 'Suspended by MRR', exact: true })
    .click();
  await expect(nav(page, 'Agreements')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('columnheader', { name: 'MRR' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('button', { name: 'Remove filter Status is Suspended' })).toBeVisible();
  await expect.poll(() => headers(page)).toEqual(saved);
  // The filter's scan brings the matches as it reads: the first ones, then the rows shown.
  const grid = page.getByRole('grid', { name: 'Agreements' });
  await expect(grid.getByTestId('row').first()).toBeVisible();
  const statuses = await grid
    .getByTestId('row')
    .evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.every((text) => text.includes('Suspended'))).toBe(true);

  // Saving under a taken name says so before replacing it.
  await page.getByRole('button', { name: 'Save view…' }).click();
  await page.getByLabel('Name of the view').fill('Suspended by MRR');
  await expect(
    page.getByText('A view called “Suspended by MRR” exists for this connection: saving replaces it.'),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // By keyboard: Escape closes the menu, back on its button.
  await page.getByText('Saved views', { exact: true }).click();
  await expect(page.getByRole('list', { name: 'Saved views' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('list', { name: 'Saved views' })).toBeHidden();
  await expect(page.getByText('Saved views', { exact: true })).toBeFocused();

  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await page.getByText('Vues enregistrées', { exact: true }).click();
  await page.getByRole('button', { name: 'Renommer la vue Suspended by MRR' }).click();
  await page.getByLabel('Nouveau nom de la vue Suspended by MRR').fill('Suspendus par MRR');
  await page.getByRole('button', { name: 'Renommer', exact: true }).click();
  const menu = page.getByRole('list', { name: 'Vues enregistrées' });
  await expect(menu.getByRole('button', { name: 'Suspendus par MRR', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer la vue Suspendus par MRR' }).click();
  await expect(page.getByText('Supprimer la vue «\u00a0Suspendus par MRR\u00a0»\u00a0?')).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await expect(page.getByText('Aucune vue enregistrée pour cette connexion', { exact: false })).toBeVisible();
  const settings = JSON.parse(await readFile(join(own.host.dataDir, 'settings.json'), 'utf8')) as {
    views: object;
  };
  expect(Object.values(settings.views)).toEqual([[]]);
  await chooseLanguage(page, 'EN');
});

test('the command line copied from the export dialog, run as npx cdb export, writes the file the app exports', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await setUpWorklist(page, 'fr');
  await page.getByLabel('Rechercher dans toutes les colonnes').fill('e');
  await page.getByRole('button', { name: 'Exporter…' }).click();
  const dialog = page.getByRole('dialog', { name: /Exporter les contrats/ });
  // A name with a space and a $: the command must quote it for the shell.
  const baseName = `contrats suspendus $e2e-${process.pid}`;
  await dialog.getByLabel('Nom du fichier').fill(baseName);
  await dialog.getByText('En commande cdb').click();
  await dialog.getByRole('button', { name: 'Copier la commande' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Commande copiée');
  const command = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(command).toBe(await dialog.getByTestId('export-command').textContent());
  expect(command).toContain("'--profile=Léa'\\''s desk'");
  await dialog.getByRole('button', { name: 'Exporter', exact: true }).click();
  const fileName = `${baseName}.csv`;
  await expect(page.getByTestId('export-line').filter({ hasText: fileName })).toHaveAttribute(
    'data-state',
    'completed',
    { timeout: 30_000 },
  );
  const grants = own.demo.grantsToday(own.demo.clientId);

  // As an administrator would: pasted into a shell in the checkout, the app's data folder shared.
  const out = join(process.cwd(), fileName);
  try {
    await promisify(execFile)('sh', ['-c', command], {
      env: { ...process.env, CDB_DATA_DIR: own.host.dataDir },
    });
    const fromCdb = await readFile(out);
    const fromApp = await readFile(join(own.host.exportDir, fileName));
    expect(fromCdb.toString('utf8').split('\r\n').length).toBeGreaterThan(2);
    expect(fromCdb.equals(fromApp)).toBe(true);
  } finally {
    await rm(out, { force: true });
  }
  // cdb used the token the app holds for the same API (a token is money).
  expect(own.demo.grantsToday(own.demo.clientId)).toBe(grants);
  await chooseLanguage(page, 'EN');
});
