import { phoneDigitVariants } from '../../shared/phone.js';
import { HeldRows } from '../search/columns/held-rows.js';

/**
 * Holds records of one shape (argv[2]) as a held list does, parsed from JSON text as the API's
 * pages are, and prints what HeldRows counted beside what the heap grew by: run with --expose-gc
 * (held-rows-memory.integration.test.ts). Shapes a server may send: the Demo's, optional fields,
 * nested values, and hostile ones (names new on every row, hundreds of nested values).
 */
const PAGE = 500;
/** Rows held (argv[3]): 4,000 by default, a page is enough to see a list refused. */
const ROWS = Number(process.argv[3] ?? 4_000);

const plainFields = (i: number) => ({
  id: `CUS-${String(i).padStart(8, '0')}`,
  name: `Customer ${i} Dupont & Fils`,
  email: `contact${i}@example.com`,
  phone: `+33 1 ${String(i).padStart(8, '0')}`,
  city: ['Paris', 'Lyon', 'Zürich', 'Łódź'][i % 4],
  status: ['active', 'prospect', 'churned'][i % 3],
  segment: ['smb', 'mid-market', 'enterprise'][i % 3],
  mrr: i * 10.5,
  employees: i % 500,
  createdAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
  updatedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
});

const shapes: Record<string, (i: number) => Record<string, unknown>> = {
  plain: plainFields,
  'optional fields': (i) => {
    const record: Record<string, unknown> = plainFields(i);
    for (let k = 0; k < 8; k++) if ((i >> k) & 1) record[`optional${k}`] = `value ${k}`;
    return record;
  },
  nested: (i) => ({
    ...plainFields(i),
    address: { street: `${i} rue de la Paix`, city: 'Paris', zip: '75002' },
    tags: ['vip', 'renewal', `t${i % 7}`],
  }),
  'unique names per row (990)': (i) =>
    Object.fromEntries([['id', `R${i}`], ...Array.from({ length: 990 }, (_, k) => [`f${i}_${k}`, 1])]),
  'nested empty objects (990)': (i) =>
    Object.fromEntries([['id', `R${i}`], ...Array.from({ length: 990 }, (_, k) => [`f${k}`, {}])]),
  'nested empty arrays (990)': (i) =>
    Object.fromEntries([['id', `R${i}`], ...Array.from({ length: 990 }, (_, k) => [`f${k}`, []])]),
  'nested empty objects (300)': (i) =>
    Object.fromEntries([['id', `R${i}`], ...Array.from({ length: 300 }, (_, k) => [`f${k}`, {}])]),
  'names in another order each row (40 of 200)': (i) =>
    Object.fromEntries([
      ['id', `R${i}`],
      ...Array.from({ length: 40 }, (_, k) => [`f${(i * 7919 + k * 104_729) % 200}`, k]),
    ]),
};

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const name = process.argv[2] ?? '';
const make = shapes[name];
if (!make) throw new Error(`no shape "${name}": ${Object.keys(shapes).join(', ')}`);
// The pages' text is made before measuring: only what is held is counted.
const pages = Array.from({ length: ROWS / PAGE }, (_, p) =>
  JSON.stringify(Array.from({ length: PAGE }, (_, r) => make(p * PAGE + r))),
);
// The phone numbering rules are loaded once per process at the first phone, and V8 fills its
// caches at the first thousands: the process's memory, not the list's.
for (let index = 0; index < ROWS; index++) phoneDigitVariants(`+33 2 ${String(index).padStart(8, '0')}`);
// What the process keeps: V8's heap and the buffers of typed arrays beside it.
const kept = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
gc();
const before = kept();
const rows = new HeldRows();
for (const page of pages) {
  rows.append(JSON.parse(page) as Record<string, unknown>[]);
  if (!Number.isFinite(rows.bytes)) break;
}
gc();
const heap = kept() - before;
process.stdout.write(`${JSON.stringify({ shape: name, rows: rows.length, counted: rows.bytes, heap })}\n`);
// Kept alive until measured (the pages were there before, so they are not counted as freed).
void rows.length;
void pages.length;
