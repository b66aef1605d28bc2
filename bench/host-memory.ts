// Where the browser host's memory goes with a desk's three lists held (100,000 customers, 250,000
// contacts, 300,000 agreements), the host its own process, the Demo API in this one:
// - its RSS, anonymous (what it allocated) and file-backed (Node's and the libraries' code, mapped);
// - V8's heap as committed and as used (a Node report, asked by signal);
// - what the heap holds by kind (a heap snapshot, asked by signal): typed arrays' data, strings,
//   V8's arrays, objects, code; and the heaviest constructors;
// - what each list takes by the lists' own estimate (the budget's), beside the measure.
// The app's Electron main process runs the same core and holds the same lists: it cannot be run
// here (no Electron binary), the host stands for it.
// With `--before REV`, that commit's host is measured the same way in the same run.
// Run inside the test session (a keychain):
//   scripts/with-test-session.sh node --max-old-space-size=4096 --import tsx bench/host-memory.ts [--before REV]
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startDemoApi } from '../electron/demo-api/testing/faults.js';
import { allHeld, deskHost, settledResident } from './lib/desk-host.js';
import { summariseHeapSnapshot } from './lib/heap-snapshot.js';
import { worktreeOf } from './lib/renderer-of.js';
import { report, type Figure } from './lib/report.js';

const { values } = parseArgs({ options: { before: { type: 'string' } } });
const stage = (what: string) => console.error(`bench/host-memory: ${what}`);
const SIZE = { customers: 100_000, contacts: 250_000, agreements: 300_000 };
const MiB = 1024 * 1024;
// Signals the host answers with a report and a snapshot (SIGUSR1 is Node's inspector's).
const REPORT_SIGNAL = 'SIGWINCH';
const SNAPSHOT_SIGNAL = 'SIGUSR2';

const trees: { name: string; root: string }[] = [{ name: 'now', root: resolve('.') }];
let removeBefore: (() => Promise<void>) | undefined;
if (values.before) {
  const { tree, remove } = await worktreeOf(values.before);
  trees.unshift({ name: `before (${values.before})`, root: tree });
  removeBefore = remove;
}

/** The file `signal` makes the process `pid` write in `dir`, once written whole. */
async function writtenOn(pid: number, signal: NodeJS.Signals, dir: string, ending: string): Promise<string> {
  process.kill(pid, signal);
  for (let waited = 0; waited < 600; waited++) {
    await new Promise((done) => setTimeout(done, 1_000));
    const name = (await readdir(dir)).find((file) => file.endsWith(ending));
    if (!name) continue;
    const path = join(dir, name);
    const { size } = await stat(path);
    await new Promise((done) => setTimeout(done, 1_000));
    if ((await stat(path)).size === size && size > 0) return path;
  }
  throw new Error(`no ${ending} after ${signal} in ten minutes`);
}

/**
 * The host of the tree at `root` with the three lists held: its resident memory, a Node report's
 * heap and a heap snapshot's summary, and the lists' own estimates. The report holds the host's
 * environment and the snapshot the lists' values: their folder is removed whatever happens.
 */
async function measured(root: string, name: string) {
  const dir = await mkdtemp(join(tmpdir(), 'cdb-host-memory-'));
  const host = await deskHost(demo, root, {
    NODE_OPTIONS: [
      `--heapsnapshot-signal=${SNAPSHOT_SIGNAL}`,
      '--report-on-signal',
      `--report-signal=${REPORT_SIGNAL}`,
      `--diagnostic-dir=${dir}`,
      `--report-directory=${dir}`,
    ].join(' '),
  });
  try {
    stage(`${name}: reading the three lists at the API's rate`);
    // The finder prepares the customers and contacts; the agreements are read when a table asks.
    await host.call('lists.read', { list: { resource: 'agreements' }, lang: 'en' });
    await allHeld(host);
    // Its search's text and ids' numbers are made in the background once a list is held: ten looks.
    const resident = await settledResident(host, 10);
    const lists = (await host.call('lists.status', {})) as { resource: string; bytes: number }[];
    stage(`${name}: a report, then a heap snapshot`);
    const reportFile = await writtenOn(host.pid, REPORT_SIGNAL, dir, '.json');
    const { javascriptHeap } = JSON.parse(await readFile(reportFile, 'utf8')) as {
      javascriptHeap: { totalMemory: number; usedMemory: number };
    };
    const heap = await summariseHeapSnapshot(
      await writtenOn(host.pid, SNAPSHOT_SIGNAL, dir, '.heapsnapshot'),
    );
    return { resident, lists, javascriptHeap, heap };
  } finally {
    await host.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const demo = await startDemoApi({ size: SIZE });
const figures: Figure[] = [];
for (const { name, root } of trees) {
  const { resident, lists, javascriptHeap, heap } = await measured(root, name);
  const arrayData = heap.kinds["typed arrays' data"];
  figures.push(
    { figure: `${name}: RSS, the three lists held`, value: resident.rss, unit: 'MiB', target: '≤ 400' },
    { figure: `${name}:   anonymous (allocated)`, value: resident.anon, unit: 'MiB' },
    { figure: `${name}:   file-backed (Node's and libraries' code)`, value: resident.file, unit: 'MiB' },
    { figure: `${name}:   V8's heap, committed`, value: javascriptHeap.totalMemory / MiB, unit: 'MiB' },
    { figure: `${name}:   V8's heap, used`, value: javascriptHeap.usedMemory / MiB, unit: 'MiB' },
    { figure: `${name}:   typed arrays' data (outside V8's heap)`, value: arrayData / MiB, unit: 'MiB' },
    {
      figure: `${name}:   the rest of the anonymous (allocator, threads, free pages)`,
      value: resident.anon - (javascriptHeap.totalMemory + arrayData) / MiB,
      unit: 'MiB',
    },
    { figure: `${name}: the snapshot's live memory, all kinds`, value: heap.total / MiB, unit: 'MiB' },
    ...Object.entries(heap.kinds).map(([kind, bytes]) => ({
      figure: `${name}:   ${kind}`,
      value: bytes / MiB,
      unit: 'MiB',
    })),
    ...heap.heaviest.map(([constructor, bytes]) => ({
      figure: `${name}:   heaviest: ${constructor}`,
      value: bytes / MiB,
      unit: 'MiB',
    })),
    ...lists.map((list) => ({
      figure: `${name}: ${list.resource}, by the lists' own estimate`,
      value: list.bytes / MiB,
      unit: 'MiB',
    })),
  );
}
await demo.close();
await removeBefore?.();
report('host-memory', figures);
