import { readdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { ownDemo } from './own-demo.js';
import { activeRow, showCustomerTab } from './grid.js';
import { chooseLanguage, nav, openApp } from './app-page.js';

// The keyboard first, in Chromium through the browser host: every shortcut of the app does what its
// sheet says, in English and in French, with the keys of Windows and Linux and those of macOS (⌘, ⌃);
// none takes a character typed in a field; the "Keyboard shortcuts" sheet (`?`, F1) and the command
// box (Ctrl+K) are named dialogs that pass axe, close on Esc and give the keyboard back where it was;
// the box runs an export and opens a saved view.
const own = ownDemo({ customers: 300, contacts: 600, agreements: 900 }, 'Keyboard desk');

async function open(page: Page, { mac = false } = {}) {
  if (mac)
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'platform', { get: () => 'MacIntel' });
      Object.defineProperty(navigator, 'userAgentData', { get: () => ({ platform: 'macOS' }) });
    });
  const grid = await openApp(page, own.host);
  await expect(grid.getByTestId('row').first()).toContainText('CUS-');
  return grid;
}

/** Opens the customer of the first row of the Customers list (Enter on the grid). */
async function openFirstCustomer(page: Page) {
  const grid = page.getByRole('grid', { name: 'Customers' });
  await grid.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('grid', { name: 'Agreements of this customer' })).toBeVisible();
}

test('Alt+1, Alt+2, Alt+3 open the lists, from the grid and from a text field', async ({ page }) => {
  const grid = await open(page);
  await grid.focus();
  await page.keyboard.press('Alt+2');
  await expect(nav(page, 'Contacts')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('grid', { name: 'Contacts' }).getByTestId('row').first()).toContainText('CON-');
  await page.keyboard.press('Alt+3');
  await expect(nav(page, 'Agreements')).toHaveAttribute('aria-current', 'page');
  // A chord with Alt leaves a field: the list changes, nothing is typed.
  await page.getByRole('searchbox', { name: 'Search in every column' }).focus();
  await page.keyboard.press('Alt+1');
  await expect(nav(page, 'Customers')).toHaveAttribute('aria-current', 'page');
  await expect(nav(page, 'Customers')).toHaveAttribute('aria-keyshortcuts', 'Alt+1');
  await expect(nav(page, 'Customers')).toHaveAttribute('title', 'Open Customers (Alt+1)');
});

test('a list chosen has the keyboard; Enter on a contact or an agreement opens its customer, pointed at; a table is one Tab stop', async ({
  page,
}) => {
  const customers = await open(page);
  await customers.focus();
  const contacts = own.demo.store.tables.contacts;
  const customerOf = (id: string) =>
    `CUS-${String(contacts.get(Number(id.slice(4)))?.customerId ?? 0).padStart(8, '0')}`;
  // Alt+2 from the grid: the contacts' grid has the keyboard, the arrows and Enter act at once.
  await page.keyboard.press('Alt+2');
  const grid = page.getByRole('grid', { name: 'Contacts' });
  await expect(grid).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const contact = (await activeRow(grid))?.id ?? '';
  expect(contact).toMatch(/^CON-/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2 })).toContainText(customerOf(contact));
  // Its page points at the contact it was opened from.
  await expect(page.getByRole('button', { name: `Remove filter Contact ID is ${contact}` })).toBeVisible();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(grid).toBeFocused();
  // The command box: the agreements' grid has the keyboard; Enter opens the agreement's customer.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Command to run' }).fill('open agreements');
  await page.keyboard.press('Enter');
  const agreements = page.getByRole('grid', { name: 'Agreements' });
  await expect(agreements).toBeFocused();
  // Its first row is the active one once the rows are there (a busy machine draws them later).
  await expect.poll(async () => (await activeRow(agreements))?.id ?? '').toMatch(/^AGR-/);
  const agreement = (await activeRow(agreements))?.id ?? '';
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('button', { name: `Remove filter Agreement ID is ${agreement}` }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(agreements).toBeFocused();
  // A table is one stop of Tab: no header's sort button or edge between it and what follows.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(agreements).toBeFocused();
  await page.keyboard.press('Tab');
  expect(
    await agreements.evaluate((table) => table.ownerDocument.activeElement?.closest('[role="grid"]')),
  ).toBeNull();
  // The shortcuts sheet opens at its top, the lists' group in view.
  await page.keyboard.press('F1');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('button', { name: 'Close' })).toBeFocused();
  expect(await sheet.evaluate((dialog) => dialog.scrollTop)).toBe(0);
  await expect(sheet.getByRole('heading', { name: 'Lists' })).toBeInViewport();
});

test('the finder’s list opens when the person comes to it, not when a dialog gives the keyboard back', async ({
  page,
}) => {
  await open(page);
  const field = page.getByRole('combobox', { name: 'Open customer' });
  const list = page.getByRole('listbox', { name: 'Customers found' });
  await field.fill(String(own.demo.store.tables.customers.at(0)?.name));
  await expect(list.getByRole('option').first()).toBeVisible();
  // The command box opened from the field, then closed: the keyboard is back, its list stays shut.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Commands' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(field).toBeFocused();
  await expect(list).toBeHidden();
  // Down (or a click, or Ctrl+O) opens it.
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option').first()).toBeVisible();
});

test('Ctrl+F and Ctrl+G reach the search box and Go to row of the table in view; `?` typed in a field stays there', async ({
  page,
}) => {
  const grid = await open(page);
  await grid.focus();
  await page.keyboard.press('Control+f');
  const search = page.getByRole('searchbox', { name: 'Search in every column' });
  await expect(search).toBeFocused();
  await expect(search).toHaveAttribute('aria-keyshortcuts', 'Control+F');
  // A character typed in a field is the field's, `?` included.
  await page.keyboard.type('?');
  await expect(search).toHaveValue('?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await search.fill('');
  await page.keyboard.press('Control+g');
  const row = page.getByLabel('Row', { exact: true });
  await expect(row).toBeFocused();
  await page.keyboard.type('150');
  await page.keyboard.press('Enter');
  await expect(grid.locator('[aria-rowindex="151"]')).toContainText('CUS-');
  await expect(grid).toBeFocused();
});

test("on a customer's page, Ctrl+Shift+L copies its link, Ctrl+F is the focused table's search box, else the first; Alt+← goes back", async ({
  page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  await openFirstCustomer(page);
  // The focus on the Back button (in neither table): Ctrl+Shift+L copies the customer's link.
  await page.keyboard.press('Control+Shift+L');
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toMatch(
    /^cdb:\/\/customer\/CUS-\d+\?connection=Keyboard\+desk$/,
  );
  // The box of the table shown (the agreements' tab), never the hidden one's.
  await page.keyboard.press('Control+f');
  const contactsTable = page.getByRole('region', { name: 'Contacts of this customer' });
  const agreementsTable = page.getByRole('region', { name: 'Agreements of this customer' });
  await expect(agreementsTable.getByRole('searchbox')).toBeFocused();
  // The arrows move between the tabs, and Ctrl+F then reaches the contacts' box.
  await page.getByRole('tab', { name: /^Agreements/ }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: /^Contacts/ })).toBeFocused();
  await page.keyboard.press('Control+f');
  await expect(contactsTable.getByRole('searchbox')).toBeFocused();
  await showCustomerTab(page, 'agreements');
  await page.getByRole('grid', { name: 'Agreements of this customer' }).focus();
  await page.keyboard.press('Control+f');
  await expect(agreementsTable.getByRole('searchbox')).toBeFocused();
  await page.keyboard.press('Control+g');
  await expect(agreementsTable.getByLabel('Row', { exact: true })).toBeFocused();
  await expect(page.getByRole('button', { name: /Back to customers/ })).toHaveAttribute(
    'aria-keyshortcuts',
    'Alt+ArrowLeft',
  );
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByRole('grid', { name: 'Customers' })).toBeFocused();
  // Forward goes on again, to the customer left.
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page.getByRole('button', { name: /Back to customers/ })).toBeVisible();
});

test('Alt+Enter shows the record, Alt+C the columns, Ctrl+S saves the view, Ctrl+E exports, Ctrl+Shift+L copies the link', async ({
  page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const grid = await open(page);
  await grid.focus();
  await page.keyboard.press('Alt+Enter');
  await expect(page.getByRole('region', { name: /^Record CUS-/ })).toBeVisible();
  await page.keyboard.press('Alt+Enter');
  await expect(page.getByRole('region', { name: /^Record CUS-/ })).toHaveCount(0);

  await page.keyboard.press('Alt+c');
  await expect(page.getByRole('checkbox', { name: 'Show Customer ID' })).toBeFocused();
  await page.keyboard.press('Escape');
  await grid.focus();

  await page.keyboard.press('Control+s');
  const save = page.getByRole('dialog', { name: /Save/ });
  await expect(save).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(save).toHaveCount(0);

  await expect(page.getByRole('button', { name: 'Export…' })).toHaveAttribute(
    'aria-keyshortcuts',
    'Control+E',
  );
  await page.keyboard.press('Control+e');
  const exporting = page.getByRole('dialog', { name: /Export/ });
  await expect(exporting).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(exporting).toHaveCount(0);

  await grid.focus();
  await page.keyboard.press('Control+Shift+L');
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(
    'cdb://view/customers?connection=Keyboard+desk',
  );
});

test('Esc closes the columns menu and only that; on a list it leaves nothing, in its search box it gives the table the keyboard', async ({
  page,
}) => {
  await open(page);
  await openFirstCustomer(page);
  const customer = await page.getByRole('heading', { level: 2 }).textContent();
  await nav(page, 'Agreements').click();
  const agreements = page.getByRole('grid', { name: 'Agreements' });
  await expect(agreements.getByTestId('row').first()).toBeVisible();
  await agreements.focus();
  await page.keyboard.press('Alt+c');
  const show = page.getByRole('checkbox', { name: 'Show Agreement ID' });
  await expect(show).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(show).toBeHidden();
  await expect(nav(page, 'Agreements')).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.column-menu summary')).toBeFocused();
  // Ctrl+S offers the view on screen (it offered the customer's, Esc having gone back).
  await agreements.focus();
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('dialog', { name: /^Save the view of agreements/i })).toBeVisible();
  await page.keyboard.press('Escape');
  // Esc on a list leaves nothing: not the list, not for the customer it was reached from; in its
  // search box it gives the keyboard to the table, the words kept.
  await agreements.focus();
  await page.keyboard.press('Escape');
  await expect(nav(page, 'Agreements')).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Search in every column').fill('active');
  await page.keyboard.press('Escape');
  await expect(agreements).toBeFocused();
  await expect(page.getByLabel('Search in every column')).toHaveValue('active');
  await expect(nav(page, 'Agreements')).toHaveAttribute('aria-current', 'page');
  // Back (Alt+←) goes to the customer.
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(customer ?? '');
});

test('`?` and F1 show the keyboard shortcuts by group, axe clean in both languages; Esc gives the focus back', async ({
  page,
}) => {
  const grid = await open(page);
  await grid.focus();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  for (const group of ['Lists', 'Table', 'Customer', 'App'])
    await expect(sheet.getByRole('heading', { name: group, level: 3 })).toBeVisible();
  await expect(sheet.getByRole('row', { name: /Export…/ })).toContainText('Ctrl+E');
  // The words a search takes, beside the keys.
  await expect(sheet.getByRole('heading', { name: 'Search words', level: 3 })).toBeVisible();
  await expect(sheet.getByRole('row', { name: /city:lyon/ })).toContainText('in one column');
  await expect(sheet.getByRole('row', { name: /Open Contacts/ })).toContainText('Alt+2');
  await expect(sheet.getByRole('row', { name: /Commands…/ })).toContainText('Ctrl+K or Ctrl+Shift+P');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(grid).toBeFocused();

  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const grille = page.getByRole('grid', { name: 'Clients' });
  await grille.focus();
  await page.keyboard.press('F1');
  const feuille = page.getByRole('dialog', { name: 'Raccourcis clavier' });
  await expect(feuille).toBeVisible();
  await expect(feuille.getByRole('heading', { name: 'Listes', level: 3 })).toBeVisible();
  await expect(feuille.getByRole('row', { name: /Sélectionner des lignes/ })).toContainText('Maj+↑ ou Maj+↓');
  await expect(feuille.getByRole('row', { name: /Commandes…/ })).toContainText('Ctrl+K ou Ctrl+Maj+P');
  expect(await axeViolations(page)).toEqual([]);
  await feuille.getByRole('button', { name: 'Fermer' }).click();
  await expect(grille).toBeFocused();
  await chooseLanguage(page, 'EN');
});

test('on macOS the keys are ⌘ and ⌃: the sheet says so, and ⌃2 and ⌘K act', async ({ page }) => {
  const grid = await open(page, { mac: true });
  await grid.focus();
  // ⌃C is the columns' key there (⌘C copies).
  await page.keyboard.press('Control+c');
  await expect(page.getByRole('checkbox', { name: 'Show Customer ID' })).toBeFocused();
  await page.keyboard.press('Escape');
  await grid.focus();
  await page.keyboard.press('Control+2');
  await expect(nav(page, 'Contacts')).toHaveAttribute('aria-current', 'page');
  await expect(nav(page, 'Customers')).toHaveAttribute('aria-keyshortcuts', 'Control+1');
  await expect(page.getByRole('button', { name: 'Export…' })).toHaveAttribute('aria-keyshortcuts', 'Meta+E');
  await page.keyboard.press('Meta+k');
  const box = page.getByRole('dialog', { name: 'Commands' });
  await expect(box).toBeVisible();
  await expect(box.getByRole('option', { name: /Export…/ })).toContainText('⌘E');
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('row', { name: /Back to where you were/ })).toContainText('⌘[');
  await expect(sheet.getByRole('row', { name: /Open Customers/ })).toContainText('⌃1');
});

test('the command box finds actions as search does, runs an export and opens a saved view, in both languages', async ({
  page,
}) => {
  // A saved view of the connection: suspended agreements.
  const connectionId = ((await own.host.call('connection.status', {})) as { connection: { id: string } })
    .connection.id;
  await own.host.call('views.save', {
    connectionId,
    view: {
      name: 'Contrats suspendus',
      resource: 'agreements',
      filter: [{ field: 'status', op: 'eq', value: 'suspended' }],
      columns: ['id', 'customerId', 'status', 'mrr'],
      layout: { order: [], hidden: [], sizes: {} },
    },
  });
  const grid = await open(page);
  await grid.focus();
  await page.keyboard.press('Control+k');
  const box = page.getByRole('dialog', { name: 'Commands' });
  await expect(box).toBeVisible();
  const field = box.getByRole('combobox', { name: 'Command to run' });
  await expect(field).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  // Words in any order, case and accents folded.
  await field.fill('EXPORT');
  await expect(box.getByRole('option').first()).toContainText('Export…');
  await expect(box.getByRole('option').first()).toContainText('Ctrl+E');
  await page.keyboard.press('Enter');
  await expect(box).toHaveCount(0);
  const exporting = page.getByRole('dialog', { name: /Export/ });
  await exporting.getByLabel('File name').fill('from-the-box');
  const before = await readdir(own.host.exportDir).catch((): string[] => []);
  await exporting.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByTestId('export-line').filter({ hasText: 'from-the-box' })).toHaveAttribute(
    'data-state',
    'completed',
  );
  expect((await readdir(own.host.exportDir)).filter((name) => !before.includes(name))).toEqual([
    'from-the-box.csv',
  ]);

  // In French: the saved view by a word of its name, typed without its accent-free case.
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await page.getByRole('grid', { name: 'Clients' }).focus();
  await page.keyboard.press('Control+Shift+P');
  const boite = page.getByRole('dialog', { name: 'Commandes' });
  await expect(boite).toBeVisible();
  // Before anything is typed, the action chosen last comes first.
  await expect(boite.getByRole('option').first()).toContainText('Exporter…');
  expect(await axeViolations(page)).toEqual([]);
  await boite.getByRole('combobox').fill('suspendus vue');
  await expect(boite.getByRole('option')).toHaveText(['Ouvrir la vue enregistrée\u00a0: Contrats suspendus']);
  await page.keyboard.press('Enter');
  await expect(nav(page, 'Contrats')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: 'Contrats' }).locator('.filter-chips')).toHaveText(
    'Statut est Suspendu✕',
  );
  await expect(page.getByRole('grid', { name: 'Contrats' }).getByTestId('row').first()).toContainText(
    'Suspendu',
  );
  await page.keyboard.press('Control+k');
  await boite.getByRole('combobox').fill('zzz');
  await expect(boite.getByRole('status')).toHaveText('Aucune action ne correspond à «\u00a0zzz\u00a0».');
  await page.keyboard.press('Escape');
  await expect(boite).toHaveCount(0);
  await chooseLanguage(page, 'EN');
});
