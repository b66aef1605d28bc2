import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startDemoApi, type DemoApi } from '../../demo-api/testing/faults.js';
import { appCalls, whenHeld } from '../testing/app-calls.js';
import { openTestCore } from '../testing/test-kit.js';

// Contacts and agreements carry their customer's name, type, city and country, joined from the
// customers held for search: shown on every page, sorted, filtered and exported, with no request
// for them.

const idNumber = (id: string) => Number(id.replace(/\D/g, ''));

async function demoCore(options: { searchBudgetBytes?: number } = {}) {
  let demo: DemoApi | undefined;
  const kit = await openTestCore({
    ...options,
    startDemo: async () =>
      (demo = await startDemoApi({ size: { customers: 400, contacts: 900, agreements: 1_500 } })),
  });
  if (!demo) throw new Error('the Demo did not start');
  return { ...kit, ...appCalls(kit.core), demo };
}

describe("the customer's columns of contacts and agreements", () => {
  it('filter and sort agreements by their customer’s country and name, as the Demo’s own rows say', async () => {
    const { ok, demo, close } = await demoCore();
    try {
      const { customers, agreements } = demo.store.tables;
      const filter = [
        { field: 'customer.country', op: 'eq', value: 'FR' },
        { field: 'status', op: 'eq', value: 'active' },
      ];
      const answer = await whenHeld(() =>
        ok('search.rows', {
          view: { resource: 'agreements', sort: 'customer.name.asc' },
          lang: 'fr',
          filter,
          from: 0,
          count: 500,
          sample: false,
        }),
      );
      const expected = Array.from({ length: agreements.size }, (_, index) => agreements.at(index)!).filter(
        (agreement) => agreement.status === 'active' && customers.get(agreement.customerId)?.country === 'FR',
      );
      expect(expected.length).toBeGreaterThan(20);
      expect(answer.matches).toBe(expected.length);
      expect(answer.rows).toHaveLength(Math.min(500, expected.length));
      const names = answer.rows.map((row: Record<string, unknown>) => {
        const customer = customers.get(idNumber(String(row.customerId)))!;
        expect(row['customer.country']).toBe('FR');
        expect(row['customer.name']).toBe(customer.name);
        expect(row['customer.city']).toBe(customer.city);
        return String(row['customer.name']);
      });
      // By code unit, as every held sort orders text (match-order.ts).
      const sorted = expected.map((agreement) => customers.get(agreement.customerId)!.name).sort();
      expect(names).toEqual(sorted.slice(0, 500));
      // Descending is the same rows the other way round (ties aside).
      const descending = await ok('search.rows', {
        view: { resource: 'agreements', sort: 'customer.name.desc' },
        lang: 'fr',
        filter,
        from: 0,
        count: 1,
        sample: false,
      });
      expect(descending.rows[0]?.['customer.name']).toBe(sorted.at(-1));
    } finally {
      await close();
    }
  });

  it("a contact's page carries its customer's columns once the customers are held, and none before (not known yet)", async () => {
    const { ok, demo, close } = await demoCore();
    try {
      const page = () =>
        ok('data.listPage', { view: { resource: 'contacts' }, size: 50, lang: 'en', requestId: 'p' });
      const before = await page();
      expect(Object.keys(before.rows[0] ?? {}).filter((key) => key.startsWith('customer.'))).toEqual([]);
      await whenHeld(() =>
        ok('search.rows', {
          view: { resource: 'customers' },
          lang: 'en',
          filter: [],
          from: 0,
          count: 1,
          sample: false,
        }),
      );
      const requests = demo.counters.apiRequests;
      const after = await page();
      // One request for the page; none for its customers.
      expect(demo.counters.apiRequests - requests).toBe(1);
      for (const row of after.rows) {
        const customer = demo.store.tables.customers.get(idNumber(String(row.customerId)))!;
        expect(row).toMatchObject({
          'customer.name': customer.name,
          'customer.type': customer.type,
          'customer.city': customer.city,
          'customer.country': customer.country,
        });
      }
    } finally {
      await close();
    }
  });

  it('an export names them in the language’s words and writes them, from the rows held, with no request', async () => {
    const { ok, exported, demo, close } = await demoCore();
    try {
      const view = { resource: 'agreements', sort: 'customer.city.asc' } as const;
      const filter = [{ field: 'customer.type', op: 'eq', value: 'company' }];
      const shown = await whenHeld(() =>
        ok('search.rows', { view, lang: 'fr', filter, from: 0, count: 500, sample: false }),
      );
      const requests = demo.counters.apiRequests;
      const end = await exported({
        view: {
          ...view,
          lang: 'fr',
          filter,
          columns: ['id', 'customer.name', 'customer.type', 'customer.city'],
        },
        options: { format: 'csv' },
        fileName: 'contrats.csv',
      });
      expect(end.state).toBe('completed');
      expect(demo.counters.apiRequests - requests).toBe(0);
      const [header, ...rows]: string[][] = parse(await readFile(end.path, 'utf8'));
      expect(header).toEqual(['N° contrat', 'Nom (client)', 'Type (client)', 'Ville (client)']);
      expect(rows).toHaveLength(shown.matches);
      expect(rows.slice(0, 500).map((row) => row[0])).toEqual(
        shown.rows.map((row: { id: string }) => row.id),
      );
      // The type as the table shows it: the label of its code, in French.
      expect(new Set(rows.map((row) => row[2]))).toEqual(new Set(['Société']));

      // JSON Lines keeps the API's records: the columns the app joined are not in them.
      const lines = await exported({
        view: { ...view, lang: 'fr', filter, columns: ['id', 'customer.name'] },
        options: { format: 'jsonl' },
        fileName: 'contrats.jsonl',
      });
      const records = (await readFile(lines.path, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(records).toHaveLength(shown.matches);
      expect(records.flatMap(Object.keys).filter((key) => key.startsWith('customer.'))).toEqual([]);
      expect(records[0]).toHaveProperty('customerId');
    } finally {
      await close();
    }
  });

  it('a filter on them is refused, naming the column and what to do, when the customers cannot be held', async () => {
    const { call, close } = await demoCore({ searchBudgetBytes: 2_000 });
    try {
      const filter = [{ field: 'customer.country', op: 'eq', value: 'FR' }];
      const ask = () =>
        call('search.rows', {
          view: { resource: 'agreements' },
          lang: 'en',
          filter,
          from: 0,
          count: 50,
          sample: false,
        });
      const answer = await ask();
      expect(answer.ok).toBe(false);
      if (answer.ok) return;
      expect(answer.error.code).toBe('invalid-argument');
      expect(answer.error.message).toMatch(
        /^customer\.country: .*customers list.*too long for the memory kept for search: read it again/,
      );
    } finally {
      await close();
    }
  });
});
