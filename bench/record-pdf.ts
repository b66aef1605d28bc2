// What a customer's record as PDF costs the thread that serves every window, before (the commit
// given by --before, 6488508 by default: PDFKit left to wrap a long word itself, in one block) and
// now (values cut, long words broken in one pass, the layout in slices), in one run on this machine:
// - the time to write it, the longest hold of the thread (a 1 ms ticker's longest gap) and the
//   heap it grew by, for one contact whose note is one word of 16,000 and 64,000 characters, and for
//   a customer of 5,000 agreements; the floor: the same record with an ordinary note.
// Before runs only the cases it finishes in seconds (its 32,000 took a minute and 2.3 GiB).
// Run: node --expose-gc --import tsx bench/record-pdf.ts [--before REV]
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { report, type Figure } from './lib/report.js';
import { worktreeOf } from './lib/renderer-of.js';
import type { RecordContent } from '../electron/core/export/customer-pdf.js';

const { values } = parseArgs({ options: { before: { type: 'string', default: '6488508' } } });

type WriteRecordPdf = (content: RecordContent, out: Writable) => Promise<void>;

/** A record: its fields, three agreements (or `agreements`) and a contact whose note is `note`. */
function recordOf(note: string, agreements = 3): RecordContent {
  return {
    // The connection's name: the record of before printed it (its writer needs it).
    ...{ connection: 'Demo' },
    lang: 'en',
    customerId: 'CUS-00000075',
    name: 'Studio Moreau',
    readAt: new Date('2026-12-01T09:00:00Z'),
    fields: [
      ['Name', 'Studio Moreau'],
      ['City', 'Lyon'],
    ],
    summary: [['Agreements', String(agreements)]],
    agreements: {
      labels: ['ID', 'Product', 'Status', 'MRR', 'Start'],
      rows: Array.from({ length: agreements }, (_, row) => [
        `AGR-${String(row).padStart(8, '0')}`,
        'Premium support',
        'Active',
        '999,00 €',
        '1 Jan 2026',
      ]),
    },
    contacts: {
      labels: ['First name', 'Last name', 'Email', 'Note'],
      rows: [['Jeanne', 'Moreau', 'jeanne@example.com', note]],
    },
  };
}

/** A sink that keeps nothing: the bytes' cost is not what is measured. */
const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** Writes `content`: the time, the thread's longest hold, the heap grown (MiB, after a collection). */
async function measure(write: WriteRecordPdf, content: RecordContent) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let longest = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  let peak = heapBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  const started = performance.now();
  await write(content, sink());
  const ms = performance.now() - started;
  longest = Math.max(longest, performance.now() - last);
  clearInterval(ticker);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { ms, longest, heapMiB: (peak - heapBefore) / 2 ** 20 };
}

const writerAt = async (root: string): Promise<WriteRecordPdf> =>
  (
    (await import(pathToFileURL(join(root, 'electron/core/export/customer-pdf.ts')).href)) as {
      writeRecordPdf: WriteRecordPdf;
    }
  ).writeRecordPdf;

const word = (length: number) => 'x'.repeat(length);
const cases: { name: string; content: RecordContent; before: boolean }[] = [
  { name: 'floor: an ordinary note', content: recordOf('Calls on Tuesdays, prefers mail.'), before: true },
  { name: 'a note of one 16,000-character word', content: recordOf(word(16_000)), before: true },
  { name: 'a note of one 64,000-character word', content: recordOf(word(64_000)), before: false },
  { name: '5,000 agreements', content: recordOf('Calls on Tuesdays.', 5_000), before: true },
];

const before = await worktreeOf(values.before ?? '6488508');
const figures: Figure[] = [];
try {
  for (const [when, root, isBefore] of [
    [`before (${values.before})`, before.tree, true],
    ['now', process.cwd(), false],
  ] as const) {
    const write = await writerAt(root);
    await measure(write, recordOf('warm')); // loads the fonts both measures use
    for (const { name, content, before: runBefore } of cases) {
      if (isBefore && !runBefore) continue;
      const { ms, longest, heapMiB } = await measure(write, content);
      figures.push(
        { figure: `${when}: ${name}, written`, value: ms, unit: 'ms' },
        {
          figure: `${when}: ${name}, longest hold of the thread`,
          value: longest,
          unit: 'ms',
          ...(!isBefore && { target: '≤ 50' as const }),
        },
        { figure: `${when}: ${name}, heap grown`, value: heapMiB, unit: 'MiB' },
      );
    }
  }
} finally {
  await before.remove();
}
report('record-pdf', figures);
