// Finding a customer, as the desk does it, on a Demo of 100,000 customers and 250,000 contacts with
// 50 ms of latency, in Chromium through the browser host (the app's core in this process):
// - before: one search as the app made it until now, a scan of the whole list in 200-row pages
//   (each search, the same one again included, cost that again);
// - the first search now: the list read once whole in 500-row pages, the row shown as soon as its
//   page is read; beside the bound, rows ÷ 10,000 rows/s (20 requests/s × 500 rows);
// - then 20 searches and refinements typed in the search box and the top bar (ids, names without
//   accents, phone digits, a contact's email): the time from the key to the rows on screen (p50,
//   p95), the core's own answer time, the API requests they cost (0 expected), the longest task of
//   the page (Long Tasks API) and of this process (event loop delay) while typing;
// - this process's heap before and after holding both lists, beside the app's own estimate;
// - 1,000,000 agreements: held or refused by the default budget (said which, with the estimate),
//   and searches over 1,000,000 held rows (a budget raised for the measure).
// Why a plain scan: the text of each row is folded once, a page of rows to a string, and a search
// is `indexOf` over those strings (core/search/columns/held-rows.ts). Its p95 below meets the targets with
// nothing but the text: an inverted index (MiniSearch, FlexSearch) finds whole words or prefixes,
// not an id's middle or a phone's digits across spaces, and the n-gram index that would costs
// several times the text in memory, against a 256 MiB budget; a fuzzy scanner (uFuzzy) scans as
// this does but ranks typos, which ids, emails and phones must not match.
// Run: node --expose-gc --import tsx bench/search.ts (builds the renderer first).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ANY_FIELD } from '../electron/shared/filter.js';
import { PAGE_SIZE_MAX } from '../electron/shared/api-rules.js';
import { HeldRows } from '../electron/core/search/columns/held-rows.js';
import { compileSearch, matchesOf } from '../electron/core/search/list-query.js';
import { toRecord } from '../electron/demo-api/rows.js';
import { openAppInChromium } from './lib/app-in-chromium.js';
import { millionAgreements } from './lib/million-agreements.js';
import { typedUntilShown } from './lib/typed-until-shown.js';
import { percentiles, report, settledHeapMiB, type Figure } from './lib/report.js';

const CUSTOMERS = 100_000;
const CONTACTS = 250_000;
const AGREEMENTS = 1_000_000;
const BOUND_ROWS_PER_SECOND = 20 * PAGE_SIZE_MAX;
const figures: Figure[] = [];
/** Says on stderr what the bench is doing (it runs for minutes). */
const stage = (what: string) => console.error(`bench/search: ${what}`);
const MIB = 2 ** 20;

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const plain = (value: unknown) => text(value).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

stage('starting the Demo (100,000 customers, 250,000 contacts) and the app in Chromium');
const { page, demo, core, close } = await openAppInChromium(
  { size: { customers: CUSTOMERS, contacts: CONTACTS, agreements: 1_000 }, latencyMs: 50 },
  500,
);
const pageReads = () => demo.requests.filter((url) => /^\/v1\/\w+\?size=/.test(url)).length;
const offsetRecord = async (resource: 'customers' | 'contacts', position: number): Promise<Row> =>
  (await core.handlers['data.offsetPage']({ view: { resource }, size: 1, page: position, lang: 'en' }))
    .rows[0] ?? {};
const wanted = await offsetRecord('customers', 87_654);
const another = await offsetRecord('customers', 12_345);

stage('before: scanning the customers in 200-row pages');
// Before: the search as a scan of every page, 200 rows at a time, the filter applied to each.
{
  const search = compileSearch(
    [{ field: ANY_FIELD, op: 'contains', value: text(wanted.id) }],
    () => 'text',
    undefined,
  );
  const reads = pageReads();
  const started = performance.now();
  let cursor: string | undefined;
  let foundAt: number | undefined;
  for (;;) {
    const answer = await core.handlers['data.listPage']({
      view: { resource: 'customers' },
      size: 200,
      lang: 'en',
      priority: 'prefetch',
      ...(cursor !== undefined && { cursor }),
    });
    const rows = new HeldRows();
    rows.append(answer.rows);
    if (foundAt === undefined && (await matchesOf(rows, search, undefined)).length)
      foundAt = performance.now() - started;
    if (!answer.hasNextPage || !answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  figures.push(
    {
      figure: `before: a search scanning ${CUSTOMERS.toLocaleString('en')} customers in 200-row pages, whole list`,
      value: (performance.now() - started) / 1000,
      unit: 's',
    },
    { figure: '  the row found after', value: (foundAt ?? NaN) / 1000, unit: 's' },
    {
      figure: '  its page reads (again for every search, the same one too)',
      value: pageReads() - reads,
      unit: '',
    },
  );
}

const heapBefore = settledHeapMiB();

stage('the first search, reading the customers');
// The first search now: typed in the search box; the row on screen as soon as its page is read.
const search = page.getByLabel('Search in every column');
{
  const reads = pageReads();
  const started = performance.now();
  await search.fill(text(wanted.id));
  await page
    .getByTestId('row')
    .filter({ hasText: text(wanted.id) })
    .waitFor({ timeout: 120_000 });
  const shownAfter = (performance.now() - started) / 1000;
  await page.getByTestId('held-list').waitFor({ timeout: 120_000 });
  figures.push(
    { figure: 'first search: the row on screen after', value: shownAfter, unit: 's' },
    {
      figure: `first search: ${CUSTOMERS.toLocaleString('en')} customers held after`,
      value: (performance.now() - started) / 1000,
      unit: 's',
    },
    { figure: '  bound: rows ÷ 10,000 rows/s', value: CUSTOMERS / BOUND_ROWS_PER_SECOND, unit: 's' },
    { figure: '  its page reads', value: pageReads() - reads, unit: '' },
  );
}

stage("a contact's email in the top bar, reading the contacts");
// The contacts, read for the top bar the first time a contact's email is typed there. The Demo
// makes emails of names, so at this size every one is shared by dozens; a ticket's names one person:
// this contact's is made its own before the contacts are read.
const contactRow = demo.store.tables.contacts.at(CONTACTS * 0.8);
if (contactRow)
  contactRow.email = (contactRow.email ?? 'contact@exemple.org').replace('@', `.${contactRow.id}@`);
const contact: Row = contactRow ? toRecord.contacts(contactRow, 'en') : {};
{
  const started = performance.now();
  const field = page.getByRole('combobox', { name: 'Open customer' });
  await field.fill(text(contact.email));
  await page
    .getByRole('listbox', { name: 'Customers found' })
    .getByRole('option')
    .filter({ hasText: text(contact.customerId) })
    .first()
    .waitFor({ timeout: 120_000 });
  const shownAfter = (performance.now() - started) / 1000;
  for (;;) {
    const lists = await core.handlers['lists.status']({});
    if (lists.find((list) => list.resource === 'contacts')?.state === 'held') break;
    await page.waitForTimeout(100);
  }
  await field.fill('');
  figures.push(
    { figure: "a contact's email in the top bar: its customer offered after", value: shownAfter, unit: 's' },
    {
      figure: `  ${CONTACTS.toLocaleString('en')} contacts held after`,
      value: (performance.now() - started) / 1000,
      unit: 's',
    },
    { figure: '  bound: rows ÷ 10,000 rows/s', value: CONTACTS / BOUND_ROWS_PER_SECOND, unit: 's' },
  );
}

const heapAfter = settledHeapMiB();
const estimated = (await core.handlers['lists.status']({})).reduce((sum, list) => sum + list.bytes, 0) / MIB;
figures.push(
  { figure: 'this process heap before holding the lists', value: heapBefore, unit: 'MiB' },
  { figure: '  after holding 100,000 customers and 250,000 contacts', value: heapAfter, unit: 'MiB' },
  {
    figure: '  held, measured (after − before)',
    value: heapAfter - heapBefore,
    unit: 'MiB',
    target: '≤ 256',
  },
  { figure: "  held, the app's estimate (what its budget counts)", value: estimated, unit: 'MiB' },
);

stage('20 searches typed');
// 20 searches and refinements, typed: ids, names without accents, phone digits, a contact's email.
const name = plain(wanted.name);
const queries = [
  text(wanted.id),
  text(wanted.id).slice(0, 9),
  text(another.id),
  name,
  name.split(' ').reverse().join(' '),
  plain(another.name).toUpperCase(),
  text(wanted.phone).replace(/\s/g, ''),
  text(another.phone),
  text(another.phone).replace(/\s/g, '.').slice(0, 10),
  text(wanted.email),
  'marseille',
  'marseille sa',
  'sa marseille 13',
  'berenger',
  'berenger sarl',
  'elodie',
  'lefevre paris',
  text(wanted.city),
  'stefan facon',
  'zzzz none',
];
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
await page.evaluate(`
  globalThis.longTasks = [];
  new PerformanceObserver((list) => globalThis.longTasks.push(...list.getEntries().map((entry) => entry.duration)))
    .observe({ type: 'longtask' });
`);
const reads = pageReads();
const screenMs: number[] = [];
const coreMs: number[] = [];
loopDelay.enable();
for (const query of queries) {
  const filter = [{ field: ANY_FIELD, op: 'contains' as const, value: query }];
  const asked = performance.now();
  const answer = await core.handlers['search.rows']({
    view: { resource: 'customers' },
    lang: 'en',
    filter,
    from: 0,
    count: 1,
  });
  coreMs.push(performance.now() - asked);
  screenMs.push(await typedUntilShown(page, query, answer.matches, text(answer.rows[0]?.id)));
}
loopDelay.disable();
const longTasks = await page.evaluate<number[]>('globalThis.longTasks');
const screen = percentiles(screenMs);
const answers = percentiles(coreMs);
figures.push(
  {
    figure: `${queries.length} searches over 100,000 held customers: key → rows on screen, p50`,
    value: screen.median,
    unit: 'ms',
  },
  { figure: '  p95', value: screen.p95, unit: 'ms', target: '≤ 100' },
  { figure: "  the core's answer alone, p50", value: answers.median, unit: 'ms' },
  { figure: '  p95', value: answers.p95, unit: 'ms' },
  { figure: '  page reads', value: pageReads() - reads, unit: '', target: '≤ 0' },
  {
    figure: "  the page's longest task while typing",
    value: Math.max(0, ...longTasks),
    unit: 'ms',
    target: '≤ 50',
  },
  {
    figure: "  this process's longest event loop delay",
    value: loopDelay.max / 1e6,
    unit: 'ms',
    target: '≤ 50',
  },
);

stage('the top bar, counting every customer that matches');
// The customer finder counts every customer that matches in both lists (an email a shared mailbox
// or a colleague has is dozens of customers): its answer for a shared email, a name, a phone, an id
// and two letters (the fewest it is asked for), 8 suggestions each.
const finderQueries = [
  text(contact.email).replace(/\.\d+@/, '@'),
  name,
  text(wanted.phone),
  text(wanted.id),
  'sa',
];
const finderMs: number[] = [];
let broadest = 0;
const finderDelay = monitorEventLoopDelay({ resolution: 5 });
finderDelay.enable();
for (const query of finderQueries) {
  const asked = performance.now();
  const answer = await core.handlers['search.customers']({ text: query, lang: 'en', limit: 8, read: false });
  finderMs.push(performance.now() - asked);
  broadest = Math.max(broadest, answer.total);
}
finderDelay.disable();
figures.push(
  {
    figure: `the top bar over 100,000 customers and 250,000 contacts: ${finderQueries.length} answers, p50`,
    value: percentiles(finderMs).median,
    unit: 'ms',
  },
  { figure: '  the slowest (two letters: every customer counted)', value: Math.max(...finderMs), unit: 'ms' },
  { figure: '  customers counted for it', value: broadest, unit: '' },
  {
    figure: "  this process's longest event loop delay meanwhile",
    value: finderDelay.max / 1e6,
    unit: 'ms',
    target: '≤ 50',
  },
);
await close();

stage('1,000,000 agreements');
figures.push(...(await millionAgreements(AGREEMENTS, stage)));

report('search', figures);
