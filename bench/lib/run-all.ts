// `npm run bench`: runs every bench/*.ts one after another (they measure; they do not pass or
// fail) and prints one table of all their figures with their targets.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { gatherFigures, tableRow } from './report.js';

const rows: Record<string, string>[] = [];
for (const file of readdirSync('bench')
  .filter((name) => name.endsWith('.ts'))
  .sort()) {
  const bench = file.replace(/\.ts$/, '');
  console.error(`bench/${file} …`);
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', `bench/${file}`], {
    encoding: 'utf8',
    env: { ...process.env, BENCH_JSON: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) {
    rows.push(tableRow(bench, { figure: `failed (exit code ${String(run.status)})`, value: NaN, unit: '' }));
    continue;
  }
  rows.push(...gatherFigures(run.stdout).map((figure) => tableRow(figure.bench, figure)));
}
console.table(rows);
