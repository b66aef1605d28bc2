import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { startHostProcess } from './host-process.js';
import { ownDemo } from './own-demo.js';
import { chooseLanguage, openApp, type ListName } from './app-page.js';

// Finding a customer as the desk does, in Chromium through the browser host: a search reads its list
// once (500-row pages, counted at the API) and every search after it reads nothing; a contact's email
// in the top bar leads to its customer, and an email 20 records share reaches each of their
// customers; Cancel stops a read; a list too long for the memory kept for search says so, and its
// search scans.
const own = ownDemo({ customers: 10_000, contacts: 12_000, agreements: 10_000 }, 'Search desk');

/** A shared mailbox: 8 customers and 12 contacts of 12 other customers have it. */
const MAILBOX = 'comptabilite@bureau-partage.example';
/** The customers that have it, or one of whose contacts has it, and the contacts that have it. */
const sharing = {
  customers: [] as string[],
  contacts: [] as { id: string; customerId: string; name: string }[],
};
test.beforeAll(() => {
  const { customers, contacts } = own.demo.store.tables;
  const give = (row: { email: string | null } | undefined) => row && (row.email = MAILBOX);
  for (let index = 4_000; index < 4_008; index++) {
    const customer = customers.at(index);
    give(customer);
    if (customer) sharing.customers.push(`CUS-${String(customer.id).padStart(8, '0')}`);
  }
  const taken = new Set(sharing.customers);
  for (let index = 7_000; sharing.contacts.length < 12; index++) {
    const contact = contacts.at(index);
    const customerId = `CUS-${String(contact?.customerId).padStart(8, '0')}`;
    if (!contact || taken.has(customerId)) continue;
    taken.add(customerId);
    give(contact);
    sharing.contacts.push({
      id: `CON-${String(contact.id).padStart(8, '0')}`,
      customerId,
      name: `${contact.firstName} ${contact.lastName}`,
    });
  }
});

type Row = { id: string; name: string; email?: string; phone?: string | null; customerId?: string };

/** The record at `position` (from 1) of a list, as the API has it. */
async function recordAt(resource: 'customers' | 'contacts', position: number): Promise<Row> {
  const { rows } = (await own.host.call('data.offsetPage', {
    view: { resource },
    size: 1,
    page: position,
    lang: 'en',
  })) as { rows: Row[] };
  if (!rows[0]) throw new Error(`no ${resource} at ${position}`);
  return rows[0];
}

/**
 * The 500-row pages of a list the Demo answered since `from`: a read for search (the table's own
 * pages are of the page size, 200, and its prefetch may still run when a search starts).
 */
const listPages = (resource: string, from: number) =>
  own.demo.requests.slice(from).filter((url) => url.startsWith(`/v1/${resource}?size=500`));

const open = (page: Page, list: ListName) => openApp(page, own.host, { list });

/** The first cells (ids) of the rows shown. */
const idsShown = (page: Page) =>
  page
    .getByTestId('row')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('[role="gridcell"]')?.textContent ?? ''));

test('the first search reads the list once, in 500-row pages; the searches after it read nothing', async ({
  page,
}) => {
  await open(page, 'Customers');
  const deep = await recordAt('customers', 8_765);
  const asked = own.demo.requests.length;
  const search = page.getByLabel('Search in every column');
  await search.fill(deep.id);
  // Found when its page is read (the 18th of 20): as the list is read, whatever the machine's load.
  await expect(page.getByTestId('row')).toHaveCount(1, { timeout: 30_000 });
  expect(await idsShown(page)).toEqual([deep.id]);
  await expect(page.getByTestId('row').locator('mark').first()).toHaveText(deep.id);
  await expect(page.getByTestId('held-list')).toContainText(
    /in 10,000 customers, (changes )?read (whole )?at \d/,
    {
      timeout: 30_000,
    },
  );
  const pages = listPages('customers', asked);
  // Each of the 20 pages once: no page read twice.
  expect(new Set(pages).size).toBe(20);
  expect(pages).toHaveLength(20);

  // Another search, a refinement of it, and the first again: no request at all.
  const after = own.demo.requests.length;
  const plain = deep.name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/\s+/)
    .filter(Boolean)
    .reverse()
    .join(' ');
  await search.fill(plain);
  await expect(page.getByTestId('row').filter({ hasText: deep.id })).toHaveCount(1);
  await search.fill(`${plain} ${deep.id.slice(0, 7)}`);
  await expect(page.getByTestId('row').filter({ hasText: deep.id })).toHaveCount(1);
  if (deep.phone) {
    await search.fill(deep.phone.replace(/\s/g, ''));
    await expect(page.getByTestId('row').filter({ hasText: deep.id })).toHaveCount(1);
  }
  await search.fill(deep.id);
  await expect(page.getByTestId('row')).toHaveCount(1);
  await page.waitForTimeout(500);
  expect(own.demo.requests.slice(after)).toEqual([]);

  // Another tab shares what the app holds: its search reads nothing either.
  const other = await page.context().newPage();
  await open(other, 'Customers');
  const before = own.demo.requests.length;
  await other.getByLabel('Search in every column').fill(plain);
  await expect(other.getByTestId('row').filter({ hasText: deep.id })).toHaveCount(1);
  expect(listPages('customers', before)).toEqual([]);
  await other.close();
});

test("a contact's email in the top bar offers its customer, and Enter opens it", async ({ page }) => {
  await open(page, 'Customers');
  // A contact deep in the list whose email is its own: the Demo makes emails of names, so many are
  // shared (by customers too, who would be offered first), and a ticket's email names one person.
  const { customers, contacts } = own.demo.store.tables;
  const everyEmail = [customers, contacts]
    .flatMap((table) => Array.from({ length: table.size }, (_, index) => table.at(index)?.email ?? ''))
    .join('\n');
  const onlyOnce = (email = '') => everyEmail.indexOf(email) === everyEmail.lastIndexOf(email);
  let contact = await recordAt('contacts', 10_456);
  for (let position = 10_457; !contact.email || !onlyOnce(contact.email); position++)
    contact = await recordAt('contacts', position);
  // Its customer, as the app holds it (read by the search before, or now).
  let customer: { record: Row | null } = { record: null };
  await expect
    .poll(
      async () =>
        (customer = (await own.host.call('lists.record', {
          list: { resource: 'customers' },
          lang: 'en',
          id: contact.customerId,
          read: true,
        })) as { record: Row | null }).record,
      { timeout: 30_000 },
    )
    .not.toBeNull();
  const field = page.getByRole('combobox', { name: 'Open customer' });
  // The contacts are read the first time, with their progress in the list of suggestions; slowly
  // enough here that Enter comes while they are still read, as on a busy machine or API.
  own.demo.faults.delayWhere((url) => url.pathname === '/v1/contacts', 250);
  try {
    await field.fill(contact.email ?? '');
    // Said while the contacts are read (24 pages of 250 ms at least): looked for before the answer,
    // which a busy machine may bring after the last page.
    await expect(page.getByRole('progressbar', { name: 'Reading the list for search' })).toBeVisible();
    const offered = page.getByRole('listbox', { name: 'Customers found' }).getByRole('option').first();
    await expect(offered).toContainText(`${customer.record?.name ?? ''} · ${contact.customerId}`, {
      timeout: 30_000,
    });
    await expect(offered).toContainText(`Email: ${contact.email}`);
    // The one customer it matches opens once the contacts are read whole (a later page could have
    // held another).
    await field.press('Enter');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(
      `Customer ${customer.record?.name ?? ''} (${contact.customerId})`,
      { timeout: 30_000 },
    );
  } finally {
    own.demo.faults.delayWhere(undefined);
  }
});

test('an email 20 records share says how many customers have it in the top bar, and reaches each of them', async ({
  page,
}) => {
  await open(page, 'Customers');
  const field = page.getByRole('combobox', { name: 'Open customer' });
  const offered = page.getByRole('listbox', { name: 'Customers found' }).getByRole('option');
  const idsOffered = async () =>
    (await offered.locator('.suggestion-name').allTextContents()).map((text) => /CUS-\d+/.exec(text)?.[0]);
  await field.fill(MAILBOX);
  const more = page.locator('.more-matches');
  await expect(more).toContainText('8 of 20 customers', { timeout: 30_000 });
  await expect(offered).toHaveCount(8);
  expect(await axeViolations(page)).toEqual([]);
  // Counted and offered from the lists held (once they are read whole): every customer reads nothing more.
  await expect
    .poll(
      async () =>
        (
          (await own.host.call('lists.status', {})) as {
            resource: string;
            customerId?: string;
            lang: string;
            state: string;
          }[]
        )
          // The whole lists (a customer found through a contact holds that customer's contacts too).
          .filter(
            (list) =>
              list.lang === 'en' && !list.customerId && ['customers', 'contacts'].includes(list.resource),
          )
          .map((list) => list.state),
      { timeout: 30_000 },
    )
    .toEqual(['held', 'held']);
  const asked = own.demo.requests.length;
  await more.getByRole('button', { name: 'Show all 20' }).click();
  await expect(field).toBeFocused();
  await expect(offered).toHaveCount(20);
  await expect(more).toHaveCount(0);
  const everyone = [...sharing.customers, ...sharing.contacts.map((contact) => contact.customerId)];
  expect((await idsOffered()).sort()).toEqual([...everyone].sort());
  expect([...listPages('customers', asked), ...listPages('contacts', asked)]).toEqual([]);
  // A contact's match names the contact, its id and its customer.
  const [contact] = sharing.contacts;
  await expect(offered.filter({ hasText: contact?.customerId ?? '' })).toContainText(
    `contact ${contact?.name ?? ''} (${contact?.id ?? ''}), Email: ${MAILBOX}`,
  );
  // By keyboard (the first customer is the one Enter opens): the list scrolls to the last, and Enter opens it.
  for (let step = 0; step < 19; step++) await field.press('ArrowDown');
  const last = (await idsOffered())[19];
  await expect(offered.nth(19)).toHaveAttribute('aria-selected', 'true');
  await expect(offered.nth(19)).toBeInViewport();
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 2 })).toContainText(`(${last ?? ''})`);

  // Again: past the eighth, the arrows go on to the ninth (every customer is offered then).
  await field.fill(MAILBOX);
  await expect(more).toContainText('8 of 20 customers');
  for (let step = 0; step < 8; step++) await field.press('ArrowDown');
  await expect(offered).toHaveCount(20);
  await expect(offered.nth(8)).toHaveAttribute('aria-selected', 'true');

  // In French.
  await field.press('Escape');
  await page.getByRole('button', { name: 'FR', exact: true }).click();
  const champ = page.getByRole('combobox', { name: 'Ouvrir le client' });
  await champ.fill('');
  await champ.fill(MAILBOX);
  await expect(page.locator('.more-matches')).toContainText('8 sur 20 clients', { timeout: 30_000 });
  await expect(page.locator('.more-matches').getByRole('button', { name: 'Afficher les 20' })).toBeVisible();
  await chooseLanguage(page, 'EN');
});

test('Cancel stops reading a list: no page is asked for after it; Continue reads the rest', async ({
  page,
}) => {
  await open(page, 'Agreements');
  // Its first 30 calls slow (the page under way when Cancel is pressed among them).
  own.demo.faults.delayNext(30, 150);
  await page.getByLabel('Search in every column').fill('pro');
  const progress = page.getByTestId('held-progress');
  await expect(progress).toContainText(/Reading agreements for search: [\d,]+ of 10,000/);
  await expect(progress).toContainText(/Reading agreements for search: [1-9][\d,]* of/);
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('held-list')).toContainText(
    /in the [\d,]+ agreements read of 10,000: reading stopped/,
  );
  await page.waitForTimeout(300);
  const stoppedAt = own.demo.requests.length;
  await page.waitForTimeout(1_500);
  expect(listPages('agreements', stoppedAt)).toEqual([]);
  await page.getByRole('button', { name: 'Continue reading' }).click();
  await expect(page.getByTestId('held-list')).toContainText(
    /in 10,000 agreements, (changes )?read (whole )?at/,
    {
      timeout: 30_000,
    },
  );
});

test('a list too long for the memory kept for search says so, in English and French, and its search scans', async ({
  page,
}) => {
  const small = await startHostProcess(['--demo-customers', '6000', '--search-memory-mib', '1']);
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(await small.address());
    await expect(page.getByTestId('row').first()).toBeVisible();
    await page.getByLabel('Search in every column').fill('sa');
    await expect(page.getByTestId('too-long')).toHaveText(
      /^Too many customers to keep for search \(about \d+ MiB; 1 MiB is kept for search\): each search reads them page by page, about 1 s for all 6,000\.$/,
    );
    await expect(page.getByTestId('row-count')).toContainText(/matches in [\d,]+ scanned of 6,000/);
    await expect(page.getByTestId('row').first()).toContainText(/SA/i);
    await page.getByRole('button', { name: 'FR', exact: true }).click();
    await expect(page.getByTestId('too-long')).toHaveText(
      /^Trop de clients pour les garder pour la recherche \(environ \d+ Mio\u202f; 1 Mio sont réservés à la recherche\)\u00a0: chaque recherche les lit page par page, environ 1 s pour les 6\u202f000\.$/,
    );
  } finally {
    await small.stop();
  }
});
