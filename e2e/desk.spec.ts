import { expect, test, type Locator, type Page } from '@playwright/test';
import { ownDemo } from './own-demo.js';
import { showCustomerTab } from './grid.js';
import { chooseLanguage, nav, openApp } from './app-page.js';

// The support desk's daily moves, in Chromium through the browser host against a Demo API of the
// test's own (its request log shows what the app asked): which rows are on screen, a customer
// opened by a pasted id, in English and in French.
const own = ownDemo({ customers: 3_000, contacts: 6_000, agreements: 30_000 }, 'Support desk');

const open = (page: Page) => openApp(page, own.host);

/** The rows of `grid` with any part inside its visible box, by their place in the list (from 1). */
function rowsSeen(grid: Locator): Promise<number[]> {
  return grid.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const headerBottom = element.firstElementChild?.getBoundingClientRect().bottom ?? box.top;
    const bottom = box.top + element.clientHeight;
    return [...element.querySelectorAll('[data-testid="row"]')]
      .filter((row) => {
        const place = row.getBoundingClientRect();
        return place.bottom > headerBottom + 0.5 && place.top < bottom - 0.5;
      })
      .map((row) => Number(row.getAttribute('aria-rowindex')) - 1)
      .sort((a, b) => a - b);
  });
}

/** The numbers of a position text ("Rows 24,412–24,438 of 30,000"), whatever the language's digit grouping. */
function numbersOf(text: string): number[] {
  return (text.match(/\d[\d\s,.\u202f]*/g) ?? []).map((part) => Number(part.replace(/\D/g, '')));
}

/** Whether the position text names the first and last rows seen in `grid`, and the total. */
async function agrees(grid: Locator): Promise<boolean> {
  const rows = await rowsSeen(grid);
  const said = numbersOf((await grid.page().getByTestId('row-position').textContent()) ?? '');
  return said.join() === [rows[0], rows.at(-1), 30_000].join();
}

/** Every record of a view through its cursor pages, as the host's API gives them. */
async function allOf(view: { resource: string; customerId: string }): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = (await own.host.call('data.listPage', {
      view,
      size: 500,
      lang: 'en',
      ...(cursor && { cursor }),
    })) as { rows: { id: string }[]; nextCursor: string | null; hasNextPage: boolean };
    ids.push(...page.rows.map((row) => row.id));
    if (!page.hasNextPage || !page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
}

test('the toolbar says which rows are on screen, at any depth, in English and in French', async ({
  page,
}) => {
  await open(page);
  await nav(page, 'Agreements').click();
  const grid = page.getByRole('grid', { name: 'Agreements' });
  const position = page.getByTestId('row-position');
  await expect(position).toHaveText(/^Rows 1–\d+ of 30,000$/);
  // Not a live region: a screen reader would read it out at every step of a scroll.
  expect(await position.evaluate((element) => Boolean(element.closest('[aria-live], [role="status"]')))).toBe(
    false,
  );

  await page.getByLabel('Row', { exact: true }).fill('24412');
  await page.getByRole('button', { name: 'Go to row' }).click();
  await expect(grid.locator('[aria-rowindex="24413"]')).toBeVisible();
  await expect(position).toHaveText(/^Rows 24,\d{3}–24,\d{3} of 30,000$/);
  await expect.poll(() => agrees(grid)).toBe(true);
  const seen = await rowsSeen(grid);
  expect(seen).toContain(24_412);

  // Scrolled by the wheel: the text follows.
  const before = seen[0] ?? 0;
  await grid.hover();
  await page.mouse.wheel(0, 32 * 40);
  await expect
    .poll(async () => numbersOf((await position.textContent()) ?? '')[0])
    .toBeGreaterThan(before + 30);
  await expect.poll(() => agrees(grid)).toBe(true);

  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await expect(position).toHaveText(/^Lignes 24\u202f\d{3} à 24\u202f\d{3} sur 30\u202f000$/);
  await expect.poll(() => agrees(page.getByRole('grid', { name: 'Contrats' }))).toBe(true);
  await chooseLanguage(page, 'EN');
});

test('a customer opened by a pasted id deep in the list shows its own contacts and agreements, reading no list of customers', async ({
  page,
}) => {
  await open(page);
  const deep = (
    (await own.host.call('data.offsetPage', {
      view: { resource: 'customers' },
      size: 1,
      page: 2_501,
      lang: 'en',
    })) as { rows: { id: string; name: string }[] }
  ).rows[0];
  if (!deep) throw new Error('the Demo has no customer 2,501');
  const expected = {
    contacts: await allOf({ resource: 'contacts', customerId: deep.id }),
    agreements: await allOf({ resource: 'agreements', customerId: deep.id }),
  };
  expect(expected.contacts.length + expected.agreements.length).toBeGreaterThan(0);
  const asked = own.demo.requests.length;

  // Pasted from a ticket, with the line break around it; Ctrl+O reaches the field from the grid.
  await page.getByRole('grid', { name: 'Customers' }).focus();
  await page.keyboard.press('Control+o');
  await expect(page.getByLabel('Open customer')).toBeFocused();
  await page.keyboard.insertText(` ${deep.id}\t`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(`Customer ${deep.id}`);
  for (const [resource, name] of [
    ['contacts', 'Contacts of this customer'],
    ['agreements', 'Agreements of this customer'],
  ] as const) {
    await showCustomerTab(page, resource);
    const grid = page.getByRole('grid', { name });
    await expect(grid.getByTestId('row')).toHaveCount(expected[resource].length);
    const shown = await grid
      .getByTestId('row')
      .evaluateAll((rows) => rows.map((row) => row.querySelector('[role="gridcell"]')?.textContent ?? ''));
    expect(shown).toEqual(expected[resource]);
  }
  const customerLists = own.demo.requests
    .slice(asked)
    .filter((request) => /^\/v1\/customers(\?|$)/.test(request));
  expect(customerLists).toEqual([]);

  // The name, looked up at the user's request: among the customers read for search.
  await page.getByRole('button', { name: 'Look up the name' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(`Customer ${deep.name} (${deep.id})`);

  // Opened this session: offered again when the field is empty, by its name once its page knew it.
  await page.getByRole('button', { name: /Back to customers/ }).click();
  await page.getByLabel('Open customer').click();
  // By its name, with its city once its record was held.
  await expect(page.getByRole('listbox', { name: 'Customers found' }).getByRole('option')).toHaveText([
    new RegExp(`${deep.id}( · .+)?$`),
  ]);
});

test('an unknown or impossible id says so, naming it, in English and in French, and opens no page', async ({
  page,
}) => {
  await open(page);
  const field = page.getByLabel('Open customer');
  await field.fill('CUS-99999999');
  await field.press('Enter');
  // The customer's route answers 404, and no contact or agreement has it: the id stays in the field.
  await expect(page.locator('.open-customer .field-problem')).toHaveText(
    'No customer, contact or agreement has the id “CUS-99999999”.',
    { timeout: 30_000 },
  );
  await expect(field).toHaveValue('CUS-99999999');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
  await field.fill('..');
  await field.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'is not a customer id' })).toHaveText(
    '“..” is not a customer id: an id is one piece of text without line breaks, at most 200 characters, and not “.” or “..”.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const champ = page.getByLabel('Ouvrir le client');
  await champ.fill('CUS-00000000');
  await champ.press('Enter');
  await expect(page.locator('.open-customer .field-problem')).toHaveText(
    'Aucun client, contact ou contrat n’a l’identifiant «\u00a0CUS-00000000\u00a0».',
    { timeout: 30_000 },
  );
  await champ.fill('');
  await champ.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'identifiant client' })).toHaveText(
    'Saisissez ou collez d’abord un identifiant client.',
  );
  await chooseLanguage(page, 'EN');
});
