// Runs @doyensec/electronegativity on electron/ and fails on any finding that is not justified by a
// comment "electronegativity CHECK_NAME: why" on its line or the few lines above it (anywhere in
// electron/ for findings that name no file). Part of the test command.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

const SCANNED = 'electron';
const LINES_ABOVE = 4;
const dir = mkdtempSync(join(tmpdir(), 'electronegativity-'));
const report = join(dir, 'findings.csv');
// Version pinned: the tool otherwise asks the network for the latest release, which is not reachable here.
const run = spawnSync('npx', ['electronegativity', '-i', `${SCANNED}/`, '-e', '45.4.1', '-r', '-o', report], {
  encoding: 'utf8',
});
if (run.status !== 0) {
  console.error(`electronegativity did not run (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}
/** @type {Record<'issue' | 'filename' | 'location' | 'description', string>[]} */
const findings = parse(readFileSync(report, 'utf8'), { columns: true, trim: true });
rmSync(dir, { recursive: true, force: true });

const sources = readdirSync(SCANNED, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name));

/**
 * Whether a comment justifies `check` next to the finding (or anywhere, for a finding without a place).
 * @param {string} check
 * @param {string} file
 * @param {string} location
 */
function justified(check, file, location) {
  const mark = `electronegativity ${check}:`;
  if (file === 'N/A') return sources.some((source) => readFileSync(source, 'utf8').includes(mark));
  const line = Number(location.split(':')[0]);
  const lines = readFileSync(join(SCANNED, file), 'utf8').split('\n');
  return lines.slice(Math.max(0, line - 1 - LINES_ABOVE), line).some((text) => text.includes(mark));
}

const unexplained = findings.filter(
  (finding) => !justified(finding.issue, finding.filename, finding.location),
);
for (const finding of findings) {
  const state = unexplained.includes(finding) ? 'UNEXPLAINED' : 'justified';
  console.log(
    `${state.padEnd(11)} ${finding.issue} ${finding.filename}:${finding.location} — ${finding.description}`,
  );
}
if (unexplained.length) {
  console.error(
    `electronegativity: ${unexplained.length} finding(s) without a justification comment (see above)`,
  );
  process.exit(1);
}
console.log(`electronegativity: ${findings.length} finding(s), each justified next to the code`);
