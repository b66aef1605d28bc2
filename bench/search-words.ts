// Search words against plain words, over the lists a desk holds: 100,000 customers and 300,000
// agreements (the Demo's rows, held in this process as core holds them, shown in French). Each
// search of words is timed beside the plain search it refines, in one run on this machine, each
// one answered once (a first answer: no result kept from before): the core's answer time, p50 and
// the slowest, and the ratio of the two sets' medians.
// Run: node --expose-gc --import tsx bench/search-words.ts
import { generateDataset, RowFactory } from '../electron/demo-api/generate.js';
import { toRecord } from '../electron/demo-api/rows.js';
import type { ApiRecord } from '../electron/shared/schema.js';
import { heldFrenchList } from '../electron/core/testing/held-demo.js';
import { percentiles, report, type Figure } from './lib/report.js';

const stage = (what: string) => console.error(`bench/search-words: ${what}`);
const figures: Figure[] = [];

/** The list held as core holds it, searched as a French table's search box asks: the first answer's time. */
function held(resource: 'customers' | 'agreements', records: ApiRecord[]) {
  const { search } = heldFrenchList(resource, records);
  return async (text: string): Promise<{ ms: number; matches: number }> => {
    const started = performance.now();
    const matches = await search(text);
    return { ms: performance.now() - started, matches: matches.length };
  };
}

stage('making 100,000 customers and 300,000 agreements');
const { customers, agreements } = generateDataset(new RowFactory(1, '2026-01-01'), {
  customers: 100_000,
  contacts: 0,
  agreements: 300_000,
});
const searchCustomers = held(
  'customers',
  customers.map((row) => toRecord.customers(row, 'fr')),
);
const searchAgreements = held(
  'agreements',
  agreements.map((row) => toRecord.agreements(row, 'fr')),
);

/** Pairs: a plain search, and the search words that refine it (the same words, said more precisely). */
const PAIRS: { list: typeof searchCustomers; plain: string; words: string }[] = [
  { list: searchCustomers, plain: 'marseille', words: 'ville:marseille' },
  { list: searchCustomers, plain: 'marseille sa', words: 'city:marseille -sarl' },
  { list: searchCustomers, plain: 'berenger', words: 'nom:berenger' },
  { list: searchCustomers, plain: 'berenger sarl', words: '"berenger sarl"' },
  { list: searchCustomers, plain: 'lefevre paris', words: 'lefevre OR paris' },
  { list: searchCustomers, plain: 'elodie', words: '-elodie' },
  { list: searchCustomers, plain: 'saint etienne', words: 'ville:"saint-étienne"' },
  { list: searchCustomers, plain: 'geneve 12', words: 'ville:geneve -pays:fr' },
  { list: searchAgreements, plain: 'resilie', words: 'statut:résilié' },
  { list: searchAgreements, plain: 'premium 2019', words: 'intitulé:"premium 2019" -statut:actif' },
  { list: searchAgreements, plain: 'suspendu', words: 'suspendu OR expiré' },
  { list: searchAgreements, plain: 'eur 499', words: 'mrr:499 -statut:résilié' },
];

stage('searching');
// Warm both paths once (the first search of a list makes its dictionaries' text).
await searchCustomers('warm up');
await searchAgreements('warm up');
const plainMs: number[] = [];
const wordsMs: number[] = [];
for (const { list, plain, words } of PAIRS) {
  const a = await list(plain);
  const b = await list(words);
  plainMs.push(a.ms);
  wordsMs.push(b.ms);
  stage(`"${plain}" ${a.ms.toFixed(0)} ms (${a.matches}) · "${words}" ${b.ms.toFixed(0)} ms (${b.matches})`);
}
const plain = percentiles(plainMs);
const words = percentiles(wordsMs);
figures.push(
  { figure: `${PAIRS.length} plain searches, first answer, p50`, value: plain.median, unit: 'ms' },
  { figure: '  the slowest', value: Math.max(...plainMs), unit: 'ms' },
  { figure: `${PAIRS.length} searches of search words, first answer, p50`, value: words.median, unit: 'ms' },
  { figure: '  the slowest', value: Math.max(...wordsMs), unit: 'ms' },
  { figure: '  words ÷ plain, p50', value: words.median / plain.median, unit: '×', target: '≤ 1.5' },
  {
    figure: '  words ÷ plain, the slowest',
    value: Math.max(...wordsMs) / Math.max(...plainMs),
    unit: '×',
    target: '≤ 1.5',
  },
);
report('search-words', figures);
