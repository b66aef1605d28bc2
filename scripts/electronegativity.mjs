// Runs @doyensec/electronegativity on electron/ and fails on any finding that is not justified by a
// comment "electronegativity CHECK_NAME: why" on its line or the few lines above it (anywhere in
// electron/ for findings that name no file). Part of the test command.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCANNED = 'electron';
const LINES_ABOVE = 4;
const dir = mkdtempSync(join(tmpdir(), 'electronegativity-'));
// SARIF rather than CSV: the tool writes its CSV in several appends that can come out interleaved.
const report = join(dir, 'findings.sarif');
// Version pinned: the tool otherwise asks the network for the latest release, which is not reachable here.
const run = spawnSync('npx', ['electronegativity', '-i', `${SCANNED}/`, '-e', '45.4.1', '-r', '-o', report], {
  encoding: 'utf8',
});
if (run.status !== 0) {
  console.error(`electronegativity did not run (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}
/** @type {{ runs: { results: { ruleId: string, message: { text: string }, locations: { physicalLocation: { artifactLocation: { uri: string }, region: { startLine: number } } }[] }[] }[] }} */
const sarif = JSON.parse(readFileSync(report, 'utf8'));
rmSync(dir, { recursive: true, force: true });
const findings = (sarif.runs[0]?.results ?? []).map((result) => {
  const place = result.locations[0]?.physicalLocation;
  const uri = place?.artifactLocation.uri ?? 'file:///';
  return {
    check: result.ruleId,
    file: uri.startsWith('file:') ? undefined : uri,
    line: place?.region.startLine ?? 1,
    description: result.message.text,
  };
});

const sources = readdirSync(SCANNED, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name));

/**
 * Whether a comment justifies `check` next to the finding (or anywhere, for a finding without a file).
 * @param {{ check: string, file: string | undefined, line: number }} finding
 */
function justified({ check, file, line }) {
  const mark = `electronegativity ${check}:`;
  if (file === undefined) return sources.some((source) => readFileSync(source, 'utf8').includes(mark));
  const lines = readFileSync(join(SCANNED, file), 'utf8').split('\n');
  return lines.slice(Math.max(0, line - 1 - LINES_ABOVE), line).some((text) => text.includes(mark));
}

const unexplained = findings.filter((finding) => !justified(finding));
for (const finding of findings) {
  const state = unexplained.includes(finding) ? 'UNEXPLAINED' : 'justified';
  console.log(
    `${state.padEnd(11)} ${finding.check} ${finding.file ?? '(whole app)'}:${finding.line} — ${finding.description}`,
  );
}
if (unexplained.length) {
  console.error(
    `electronegativity: ${unexplained.length} finding(s) without a justification comment (see above)`,
  );
  process.exit(1);
}
console.log(`electronegativity: ${findings.length} finding(s), each justified next to the code`);
