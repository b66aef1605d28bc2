import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, nav, openApp } from './app-page.js';
import { activeRow } from './grid.js';
import { toRecord } from '../electron/demo-api/rows.js';
import { daysLeft } from '../electron/shared/deadline.js';
import { ownDemo } from './own-demo.js';

// A desk's three lists at their real size, in Chromium through the browser host: 100,000 customers,
// 250,000 contacts and 300,000 agreements, held together (each read once: no list pushes another
// out to be read again), any id opening its customer, French shown from one page per list, and the
// lists kept between sessions, sealed, so that a restart answers at once and no file holds a value
// in clear. Through it, an agent's two days: the lead's list built on the customer's columns (no 0
// said while computing), the search box on those columns, the saved view the same in French and the
// next morning, a contact's id, and the keyboard from a contact to its customer. The Demo and the connection are paced at 100 requests a second (the spec's 20 would make
// the first reads take a minute and more; the reads' count is what is asserted).
const SIZE = { customers: 100_000, contacts: 250_000, agreements: 300_000 };
const own = ownDemo(SIZE, 'Desk at size', [], { rate: 100 });
const RESOURCES = ['customers', 'contacts', 'agreements'] as const;
type Resource = (typeof RESOURCES)[number];

test.describe.configure({ mode: 'serial' });

/** Pages of a list read whole (500 rows each, in the API's order), by list. */
function pagesRead(): Record<Resource, number> {
  const count = (resource: Resource) =>
    own.demo.requests.filter(
      (url) => url.startsWith(`/v1/${resource}?`) && url.includes('size=500') && !url.includes('sort='),
    ).length;
  return { customers: count('customers'), contacts: count('contacts'), agreements: count('agreements') };
}

const heading = (page: Page) => page.getByRole('heading', { level: 2 });
const field = (page: Page, language: 'en' | 'fr' = 'en') =>
  page.getByRole('combobox', { name: language === 'en' ? 'Open customer' : 'Ouvrir le client' });

async function opens(
  page: Page,
  id: string,
  customerId: string,
  timeout: number,
  language: 'en' | 'fr' = 'en',
) {
  await field(page, language).fill(id);
  await field(page, language).press('Enter');
  await expect(heading(page), id).toContainText(customerId, { timeout });
}

/**
 * The lists' statuses until each is held whole in `lang` (its words learnt, when another language):
 * a list that is not is named with its status, so a failure says which and how far it got.
 */
async function allHeld(lang: 'en' | 'fr') {
  await expect
    .poll(
      async () => {
        const lists = (await own.host.call('lists.status', {})) as {
          resource: string;
          customerId?: string;
          lang: string;
          state: string;
          rereading: boolean;
        }[];
        return RESOURCES.flatMap((resource) => {
          const its = lists.filter(
            (each) => each.resource === resource && each.customerId === undefined && each.lang === lang,
          );
          return its.some((each) => each.state === 'held' && !each.rereading) ? [] : [{ resource, its }];
        });
      },
      { timeout: 480_000, intervals: [500] },
    )
    .toEqual([]);
}

/** Days left to an agreement's commitment end as the app judges it today (deadline.ts), from the Demo's row. */
const commitmentDays = (row: Parameters<typeof toRecord.agreements>[0]) =>
  daysLeft(toRecord.agreements(row, 'en'), 'engagement');

/**
 * The lead's list of an agent's first day: the agreements of Lyon companies whose commitment ends
 * within 60 days, and of those the live or unsigned ones, counted from the Demo's own rows.
 */
function leadsList() {
  const { customers, agreements } = own.demo.store.tables;
  const lyonCompanies = new Set<number>();
  for (let index = 0; index < customers.size; index++) {
    const row = customers.at(index)!;
    if (row.city === 'Lyon' && row.type === 'company') lyonCompanies.add(row.id);
  }
  let ending = 0;
  let liveOrUnsigned = 0;
  let ofLyonCompanies = 0;
  for (let index = 0; index < agreements.size; index++) {
    const row = agreements.at(index)!;
    if (!lyonCompanies.has(row.customerId)) continue;
    ofLyonCompanies++;
    const days = commitmentDays(row);
    if (typeof days !== 'number' || days < 0 || days > 60) continue;
    ending++;
    if (row.status === 'active' || row.status === 'pending') liveOrUnsigned++;
  }
  return { ending, liveOrUnsigned, ofLyonCompanies };
}

const matches = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'match' : 'matches'}`;

/**
 * Waits for the table's count to say `expected`, and gives every count it said on the way: a count
 * is said only when known ("Searching…", then so far, never a 0 that is not one).
 */
async function countsUntil(page: Page, expected: string, timeout = 120_000): Promise<string[]> {
  const said = new Set<string>();
  await expect
    .poll(
      async () => {
        const text = (await page.getByTestId('row-count').textContent()) ?? '';
        said.add(text);
        return text;
      },
      { timeout, intervals: [50] },
    )
    .toBe(expected);
  return [...said];
}

const LEADS_VIEW = 'Lyon companies ending within 60 days';

const idOf = (prefix: string, id: number) => `${prefix}-${String(id).padStart(8, '0')}`;

test("a desk's three lists held at once, each read once; any id opens its customer; the lead's saved view the same in French and the next morning; kept sealed across a restart", async ({
  page,
}) => {
  // Alone it takes about 1.5 min; beside another spec file on 2 cores, four times that and more:
  // the reads are counted here, their time is the bench's.
  test.setTimeout(1_200_000);
  const { customers, contacts, agreements } = own.demo.store.tables;
  const agreement = agreements.at(108)!;
  const another = agreements.at(271_828)!;
  const contact = contacts.at(200_001)!;
  const customer = customers.at(87_654)!;
  // The first page of 100,000 customers, while the other spec file's host works beside this one:
  // its time is not what this test measures (bench/held-lists.ts does).
  await openApp(page, own.host, { rows: false });
  await expect(page.getByTestId('row').first()).toBeVisible({ timeout: 30_000 });

  // An agreement's id: nothing held yet, so the lists are read, once each, while the screen waits.
  await opens(page, idOf('AGR', agreement.id), idOf('CUS', agreement.customerId), 480_000);
  await allHeld('en');
  const whole = {
    customers: Math.ceil(SIZE.customers / 500),
    contacts: Math.ceil(SIZE.contacts / 500),
    agreements: Math.ceil(SIZE.agreements / 500),
  };
  expect(pagesRead()).toEqual(whole);

  // Held at once: a customer's id, a contact's and another agreement's each answer within 2 s, reading no list.
  for (const [id, customerId] of [
    [idOf('CUS', customer.id), idOf('CUS', customer.id)],
    [idOf('CON', contact.id), idOf('CUS', contact.customerId)],
    [idOf('AGR', another.id), idOf('CUS', another.customerId)],
  ] as const)
    await opens(page, id, customerId, 2_000);
  expect(pagesRead()).toEqual(whole);

  // The lead's list, as an agent builds it: agreements filtered on their customer's city and type
  // and their commitment's end, the customers and agreements held. No count is said before it is
  // known: no "0 matches" while the app computes.
  const leads = leadsList();
  expect(leads.liveOrUnsigned).toBeGreaterThan(20);
  await nav(page, 'Agreements').click();
  await expect(page.getByTestId('row').first()).toBeVisible({ timeout: 30_000 });
  const condition = async (column: string, op: string, values: string[]) => {
    await page.getByLabel('Column', { exact: true }).selectOption({ label: column });
    await page.getByLabel('Condition', { exact: true }).selectOption({ label: op });
    if (values.length === 2) {
      await page.getByLabel('From', { exact: true }).fill(values[0]!);
      await page.getByLabel('To', { exact: true }).fill(values[1]!);
    } else if (column.startsWith('Type'))
      await page.getByLabel('Value', { exact: true }).selectOption({ label: values[0]! });
    else await page.getByLabel('Value', { exact: true }).fill(values[0]!);
    await page.getByRole('button', { name: 'Apply' }).click();
  };
  await condition('City (customer)', 'is', ['Lyon']);
  await condition('Type (customer)', 'is', ['Company']);
  await condition('Days to commitment end', 'between', ['0', '60']);
  const said = await countsUntil(page, matches(leads.ending));
  expect(said.filter((text) => /^0 match/.test(text))).toEqual([]);
  const search = page.getByLabel('Search in every column');
  await search.fill('active OR "pending signature"');
  expect(
    (await countsUntil(page, matches(leads.liveOrUnsigned))).filter((text) => /^0 match/.test(text)),
  ).toEqual([]);
  await page.getByRole('button', { name: 'Save view…' }).click();
  await page.getByLabel('Name of the view').fill(LEADS_VIEW);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The search box looks in the customer's columns it offers: by name, by label, and a plain word.
  for (const chip of [
    'City (customer) is Lyon',
    'Type (customer) is Company',
    'Days to commitment end between 0 and 60',
  ])
    await page.getByRole('button', { name: `Remove filter ${chip}` }).click();
  for (const words of ['city:lyon type:company', '"City (customer)":lyon "Type (customer)":company'])
    await search.fill(words).then(() => countsUntil(page, matches(leads.ofLyonCompanies)));
  expect(pagesRead()).toEqual(whole);

  // A contact's email that dozens of customers' contacts share: Show all, and a click on the one
  // sought opens it at once.
  const owners = new Map<string, Set<number>>();
  for (let index = 0; index < SIZE.contacts; index++) {
    const { email, customerId } = contacts.at(index)!;
    if (email) owners.set(email, (owners.get(email) ?? new Set()).add(customerId));
  }
  const [email, sharing] = [...owners].find(([, customers]) => customers.size >= 20 && customers.size <= 60)!;
  const sought = idOf('CUS', [...sharing].at(-1)!);
  await field(page).fill(email);
  await page
    .locator('.more-matches')
    .getByRole('button', { name: /^Show all/ })
    .click({ timeout: 10_000 });
  await page
    .getByRole('listbox', { name: 'Customers found' })
    .getByRole('option')
    .filter({ hasText: sought })
    .first()
    .click();
  await expect(heading(page)).toContainText(sought, { timeout: 5_000 });
  expect(pagesRead()).toEqual(whole);

  // French: a page of each list in French (the words it translates) and one to confirm them, not the lists again.
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await opens(page, idOf('CON', contact.id), idOf('CUS', contact.customerId), 30_000, 'fr');
  // The agreements are looked in for an agreement's id (a contact's may be answered before they are):
  // each list is then used in French, and learns its words.
  await opens(page, idOf('AGR', another.id), idOf('CUS', another.customerId), 30_000, 'fr');
  await allHeld('fr');
  const french = pagesRead();
  for (const resource of RESOURCES)
    expect(french[resource] - whole[resource], resource).toBeLessThanOrEqual(2);
  // The saved view in French: the same rows (a status is found by its words in either language).
  await openLeadsView(page, 'fr');
  await countsUntil(page, `${new Intl.NumberFormat('fr-FR').format(leads.liveOrUnsigned)} résultats`);
  await chooseLanguage(page, 'EN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Something typed, kept sealed with the window's desk.
  await page.getByRole('navigation').getByRole('button', { name: 'Customers' }).click();
  await page.getByLabel('Search in every column').fill(customer.name);
  await expect(page.getByTestId('row-count')).toContainText(/match/, { timeout: 10_000 });
  await page.waitForTimeout(1_500);

  // The app stopped and started again on the same data folder: a contact's id answers from the
  // lists kept, reading none of them whole. How soon is bench/held-lists.ts's figure (a restart to
  // the first answer); here a busy machine may take longer, and a whole read would show in the count.
  own.host = await own.host.restart();
  const before = pagesRead();
  await page.goto(await own.host.address());
  const other = contacts.at(123_457)!;
  // The customers and contacts are taken in first, and the finder waits for them alone (the
  // agreements come behind): bench/morning.ts times it; here only a bound a busy machine holds.
  await opens(page, idOf('CON', other.id), idOf('CUS', other.customerId), 20_000);
  expect(pagesRead()).toEqual(before);

  // A customer renamed, and another dated a day ahead of the API's clock (a writer whose clock runs
  // ahead): Refresh catches the customers up in a few requests, the record ahead making no catch-up
  // after it a whole read of them.
  const renamed = customers.at(22_222)!;
  own.demo.store.rename('customers', idOf('CUS', renamed.id), 'Brasserie du Lendemain');
  own.demo.store.tables.customers.update(customers.at(33_333)!.id, (row) => {
    row.updatedAt = Math.floor(Date.now() / 1000) + 86_400;
  });
  for (const refresh of [1, 2]) {
    const asked = own.demo.requests.length;
    await own.host.call('lists.refresh', {});
    await allHeld('en');
    const catchUp = own.demo.requests.slice(asked).filter((url) => url.startsWith('/v1/customers?'));
    expect(catchUp.length, `Refresh ${refresh}: ${catchUp.join(' ')}`).toBeLessThanOrEqual(10);
    expect(pagesRead().customers, `Refresh ${refresh}`).toBe(before.customers);
  }
  Object.assign(before, pagesRead());
  await opens(page, 'Brasserie du Lendemain', idOf('CUS', renamed.id), 10_000);
  // The next morning, the lead's saved view gives the rows it gave the day before.
  await openLeadsView(page, 'en');
  expect(
    (await countsUntil(page, matches(leads.liveOrUnsigned))).filter((text) => /^0 match/.test(text)),
  ).toEqual([]);
  // The keyboard from a contact to its customer: Alt+2 gives the contacts' grid the keyboard, Enter
  // on a row opens its customer.
  await page.keyboard.press('Alt+2');
  const contactsGrid = page.getByRole('grid', { name: 'Contacts' });
  await expect(contactsGrid).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const row = await activeRow(contactsGrid);
  const ofRow = contacts.get(Number(row?.id.slice(4)))!;
  await page.keyboard.press('Enter');
  await expect(heading(page)).toContainText(idOf('CUS', ofRow.customerId));
  expect(pagesRead()).toEqual(before);

  // No file of the data folder holds a value typed or held, in any encoding.
  const values = [
    customer.name,
    customer.email ?? 'no email',
    customer.phone ?? 'no phone',
    other.email ?? 'no email',
    idOf('CON', other.id),
    idOf('AGR', another.id),
  ];
  for (const file of await filesUnder(own.host.dataDir)) {
    // A heartbeat of the running host may come and go meanwhile.
    const bytes = await readFile(file).catch(() => Buffer.alloc(0));
    for (const value of values)
      for (const encoding of ['utf8', 'latin1', 'utf16le'] as const)
        expect(bytes.includes(Buffer.from(value, encoding)), `${value} in ${file}`).toBe(false);
  }
  expect((await filesUnder(join(own.host.dataDir, 'held-lists'))).length).toBeGreaterThanOrEqual(4);

  // The person deletes them from the command box: the window says so, and none is left on disk.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('forget the lists');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'The lists kept on this computer were deleted.' }),
  ).toBeVisible();
  expect(await filesUnder(join(own.host.dataDir, 'held-lists'))).toEqual([]);
});

async function filesUnder(folder: string): Promise<string[]> {
  const files: string[] = [];
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const path = join(folder, name);
    const info = await stat(path).catch(() => undefined);
    if (info?.isDirectory()) files.push(...(await filesUnder(path)));
    else if (info) files.push(path);
  }
  return files;
}

/** Opens the lead's saved view from the Saved views menu, in the language shown. */
async function openLeadsView(page: Page, language: 'en' | 'fr') {
  await page.getByText(language === 'en' ? 'Saved views' : 'Vues enregistrées', { exact: true }).click();
  await page
    .getByRole('list', { name: language === 'en' ? 'Saved views' : 'Vues enregistrées' })
    .getByRole('button', { name: LEADS_VIEW, exact: true })
    .click();
}
