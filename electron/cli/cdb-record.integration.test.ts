import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLive } from '../shared/deadline.js';
import { formatMoney } from '../shared/value-text.js';
import { pdfPages } from '../core/testing/readers.js';
import { cdbHarness } from './testing/cdb-harness.js';

// `cdb export --customer ID --format pdf` as an administrator runs it: a process of its own against
// the Demo over HTTP, and the PDF read back with poppler's pdftotext, a reader users have. A
// customer with sixty agreements or more: its tables go on over several pages.
const harness = cdbHarness({ seed: 5, size: { customers: 150, contacts: 900, agreements: 12_000 } });
const { cdb, connection, withSecret, apiRecords } = harness;

describe('cdb export --customer … --format pdf', { timeout: 120_000 }, () => {
  it('writes the customer’s record in French: its fields, summary, every agreement and contact, numbered pages', async () => {
    const agreements = await apiRecords('/v1/agreements', {}, 'fr');
    const byCustomer = new Map<string, number>();
    for (const agreement of agreements)
      byCustomer.set(String(agreement.customerId), (byCustomer.get(String(agreement.customerId)) ?? 0) + 1);
    const [customerId = ''] = [...byCustomer].sort((a, b) => b[1] - a[1])[0] ?? [];
    const customer = (await apiRecords('/v1/customers', {}, 'fr')).find((record) => record.id === customerId);
    const own = agreements.filter((agreement) => agreement.customerId === customerId);
    const contacts = await apiRecords(`/v1/customers/${customerId}/contacts`, {}, 'fr');
    expect(own.length).toBeGreaterThan(60);
    expect(contacts.length).toBeGreaterThan(0);
    const grantsBefore = harness.api.counters.tokenRequests;

    const out = join(harness.outDir, 'fiche.pdf');
    const result = await cdb(
      ['export', ...connection(), '--customer', customerId, '--format', 'pdf', '--lang', 'fr', '--out', out],
      { env: withSecret() },
    );
    expect(result.stderr).toContain(`the record of ${customerId}`);
    expect(result.code).toBe(0);
    // One token for the whole record.
    expect(harness.api.counters.tokenRequests - grantsBefore).toBe(1);
    expect((await stat(out)).mode & 0o777).toBe(0o600);
    expect(await readdir(harness.outDir)).toEqual(['fiche.pdf']);

    const pages = await pdfPages(out);
    const text = pages.join('\n');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} sur ${pages.length}`));
    expect(pages[0]).toContain('Fiche client');
    expect(text).toContain(String(customer?.name));
    expect(text).toContain(String(customer?.email));
    expect(text).toContain('Synthèse');
    // Every agreement by its id, every contact by its email: none lost at a page's end.
    expect(own.map((agreement) => String(agreement.id)).filter((id) => !text.includes(id))).toEqual([]);
    const emails = contacts.flatMap((contact) => (typeof contact.email === 'string' ? [contact.email] : []));
    expect(emails.filter((email) => !text.includes(email))).toEqual([]);
    // A page one sends the customer: its country by name, amounts in their currency, the MRR of the
    // agreements in force only; no connection, no language note, no contact's id in the API.
    expect(text).toContain('France');
    const spaced = (words: string) => words.replace(/[\s\u202f\u00a0]+/gu, ' ');
    const mrrOf = (records: typeof own) =>
      spaced(
        formatMoney(
          records.reduce((sum, each) => sum + ((each.mrr as number | null) ?? 0), 0),
          'EUR',
          'fr',
        ),
      );
    const live = own.filter((agreement) => isLive(agreement, Date.now()));
    expect(live.length).toBeLessThan(own.length);
    expect(spaced(text)).toContain('MRR en vigueur (mensuel)');
    expect(spaced(text)).toContain(mrrOf(live));
    expect(spaced(text)).not.toContain(mrrOf(own));
    const first = own.find((agreement) => typeof agreement.mrr === 'number')!;
    expect(spaced(text)).toContain(spaced(formatMoney(first.mrr as number, 'EUR', 'fr')));
    expect(text).not.toContain('Libellés');
    expect(contacts.map((contact) => String(contact.id)).filter((id) => text.includes(id))).toEqual([]);
    // Nothing a reader could run or open: no script, action, launch or link.
    const bytes = (await readFile(out)).toString('latin1');
    expect(bytes.match(/\/(JavaScript|JS|OpenAction|AA|Launch|URI|EmbeddedFile|AcroForm)\b/g)).toBeNull();
  });

  it('refuses a record without a customer, or with a view’s flags, before any token is spent', async () => {
    const grantsBefore = harness.api.counters.tokenRequests;
    const out = join(harness.outDir, 'fiche.pdf');
    const none = await cdb(['export', ...connection(), '--format', 'pdf', '--out', out], {
      env: withSecret(),
    });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--format pdf needs --customer ID');
    const mixed = await cdb(
      [
        'export',
        ...connection(),
        '--customer',
        'CUS-00000001',
        '--format',
        'pdf',
        '--where',
        'mrr > 1',
        '--out',
        out,
      ],
      { env: withSecret() },
    );
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('cannot be combined with --where');
    expect(harness.api.counters.tokenRequests).toBe(grantsBefore);
    const unknown = await cdb(
      ['export', ...connection(), '--customer', 'CUS-09999999', '--format', 'pdf', '--out', out],
      { env: withSecret() },
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("the API's customers have no CUS-09999999");
    expect(await readdir(harness.outDir)).toEqual([]);
    // The token of the run before, kept in the keychain, or one new.
    expect(harness.api.counters.tokenRequests - grantsBefore).toBeLessThanOrEqual(1);
  });
});
