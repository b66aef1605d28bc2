import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { chooseLanguage, FIRST_SCREEN_WAIT_MS, openApp } from './app-page.js';
import { ownDemo } from './own-demo.js';
import { shoot } from './shoot.js';

// Colour rules on a table: added, ordered, edited and removed in their dialog; the rows and cells
// they hold for marked, named in words (title, and to a screen reader), readable in both themes;
// kept after a reload and in a saved view, in English and French.
const own = ownDemo({ customers: 200, contacts: 20, agreements: 800 }, 'Colour rules desk');

/** For each row drawn: its Status and MRR cells' text, and how it and its MRR cell are marked. */
const drawn = (grid: Locator) =>
  grid.evaluate((element) => {
    const headers = [...element.querySelectorAll('[role="columnheader"]')].map((cell) =>
      cell.textContent?.trim(),
    );
    const status = headers.findIndex((header) => header === 'Status' || header === 'Statut');
    const mrr = headers.findIndex((header) => header === 'MRR' || header === 'Revenu mensuel (MRR)');
    return [...element.querySelectorAll('[data-testid="row"]')].map((row) => {
      const cells = row.querySelectorAll('[role="gridcell"]');
      return {
        status: cells[status]?.textContent ?? '',
        mrr: Number(
          (cells[mrr]?.textContent ?? '')
            .replace(/[^\d,.]/g, '')
            .replace(/,(?=\d{3})/g, '')
            .replace(',', '.'),
        ),
        red: row.classList.contains('paint-red'),
        title: row.getAttribute('title'),
        words: cells[0]?.querySelector('.visually-hidden')?.textContent ?? '',
        green: cells[mrr]?.classList.contains('paint-green') ?? false,
      };
    });
  });

async function openRules(page: Page, dialogName: string, words: string) {
  await page.keyboard.press('Control+k');
  const box = page.getByRole('dialog', { name: /Commands|Commandes/ });
  await box.getByRole('combobox').fill(words);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function addRule(
  dialog: Locator,
  rule: { name: string; column: string; op: string; value: string; colour: string; marks: string },
) {
  const form = dialog.getByRole('form', { name: 'Add a rule' });
  await form.getByLabel('Name', { exact: true }).fill(rule.name);
  await form.getByLabel('Column', { exact: true }).selectOption({ label: rule.column });
  await form.getByLabel('Condition', { exact: true }).selectOption({ label: rule.op });
  const value = form.getByLabel('Value', { exact: true });
  if ((await value.evaluate((field) => field.tagName)) === 'SELECT')
    await value.selectOption({ label: rule.value });
  else await value.fill(rule.value);
  await form.getByLabel('Colour', { exact: true }).selectOption({ label: rule.colour });
  await form.getByLabel(rule.marks).check();
  await form.getByRole('button', { name: 'Add the rule' }).click();
}

test('rules marking rows and cells, named in words, after a reload and in a saved view, in both languages', async ({
  page,
}, testInfo) => {
  const grid = await openApp(page, own.host, { list: 'Agreements', height: 1400 });
  await grid.focus();
  const dialog = await openRules(page, 'Colour rules', 'colour rules');
  await expect(dialog).toContainText('No colour rules yet');
  // A rule with no name is refused, saying why.
  await dialog
    .getByRole('form', { name: 'Add a rule' })
    .getByRole('button', { name: 'Add the rule' })
    .click();
  await expect(dialog.getByRole('alert')).toHaveText('Give the rule a name: the marked rows say it.');
  await addRule(dialog, {
    name: 'Over',
    column: 'Status',
    op: 'is',
    value: 'Terminated',
    colour: 'Red',
    marks: 'the row',
  });
  await addRule(dialog, {
    name: 'Big MRR',
    column: 'MRR',
    op: 'above / after',
    value: '900',
    colour: 'Green',
    marks: 'the cell',
  });
  const listed = dialog
    .getByRole('list', { name: 'Colour rules, in the order they apply' })
    .getByRole('listitem');
  await expect(listed).toHaveCount(2);
  await expect(listed.first()).toContainText('Status is Terminated · the row · Red');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, testInfo.outputPath('colour-rules.png'), 'colour-rules');
  await dialog.getByRole('button', { name: 'Close' }).click();

  /** The rows drawn are marked exactly where the rules hold, in words as well as colour. */
  const marked = async (table: Locator, terminated: string, prefix: string) => {
    const rows = await drawn(table);
    expect(rows.filter((row) => row.red).length).toBeGreaterThan(0);
    expect(rows.some((row) => row.green)).toBe(true);
    for (const row of rows) {
      expect(row.red, row.status).toBe(row.status === terminated);
      expect(row.green, String(row.mrr)).toBe(row.mrr > 900);
      const names = [...(row.red ? ['Over'] : []), ...(row.green ? ['Big MRR'] : [])];
      expect(row.title ?? '').toBe(names.join(' · '));
      expect(row.words.trim()).toBe(names.length ? `${prefix} ${names.join(', ')}` : '');
    }
  };
  await marked(grid, 'Terminated', 'Colour rules:');
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  // Kept: after a reload, the same marks.
  await page.reload();
  const again = page.getByRole('grid', { name: 'Agreements' });
  await expect(again.getByTestId('row').first()).toBeVisible({ timeout: FIRST_SCREEN_WAIT_MS });
  await expect.poll(async () => (await drawn(again)).some((row) => row.red)).toBe(true);
  await marked(again, 'Terminated', 'Colour rules:');

  // Saved with a view; removed from the table, they come back with the view.
  await page.getByRole('button', { name: 'Save view…' }).click();
  const saving = page.getByRole('dialog', { name: 'Save the view of Agreements' });
  await saving.getByLabel('Name of the view').fill('Marked agreements');
  await saving.getByRole('button', { name: 'Save' }).click();
  await expect(saving).toBeHidden();
  await again.focus();
  const rules = await openRules(page, 'Colour rules', 'colour rules');
  // Ordered: Big MRR first now; edited: its colour; then both removed.
  await rules.getByRole('button', { name: 'Move Big MRR up' }).click();
  await expect(rules.getByRole('listitem').first()).toContainText('Big MRR');
  await rules.getByRole('button', { name: 'Edit Big MRR' }).click();
  await rules
    .getByRole('form', { name: 'Edit the rule' })
    .getByLabel('Colour')
    .selectOption({ label: 'Blue' });
  await rules.getByRole('button', { name: 'Save the rule' }).click();
  await expect(rules.getByRole('listitem').first()).toContainText('Blue');
  await rules.getByRole('button', { name: 'Remove Big MRR' }).click();
  await rules.getByRole('button', { name: 'Remove Over' }).click();
  await expect(rules).toContainText('No colour rules yet');
  await rules.getByRole('button', { name: 'Close' }).click();
  await expect.poll(async () => (await drawn(again)).some((row) => row.red || row.title)).toBe(false);
  await again.focus();
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: 'Commands' }).getByRole('combobox').fill('Marked agreements');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await drawn(again)).some((row) => row.red)).toBe(true);
  await marked(again, 'Terminated', 'Colour rules:');

  // In French: the same rows, the words in French, the dialog too.
  await chooseLanguage(page, 'FR');
  const grille = page.getByRole('grid', { name: 'Contrats' });
  await expect(grille.getByRole('columnheader', { name: 'Statut', exact: true })).toBeVisible();
  await expect.poll(async () => (await drawn(grille)).some((row) => row.red)).toBe(true);
  await marked(grille, 'Résilié', 'Règles de couleur\u00a0:');
  await grille.focus();
  const regles = await openRules(page, 'Règles de couleur', 'règles de couleur');
  await expect(regles.getByRole('listitem').first()).toContainText('Statut est Résilié · la ligne · Rouge');
  expect(await axeViolations(page)).toEqual([]);
  await regles.getByRole('button', { name: 'Fermer' }).click();
  await chooseLanguage(page, 'EN');
});
