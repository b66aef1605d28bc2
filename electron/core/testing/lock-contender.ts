// Run by file-lock.integration.test.ts as one of several processes started together: takes each lock of the folder in
// turn (each planted dead by the test, so every process tries to take it over at once) and, while
// holding it, makes a marker file exclusively: a second holder at the same moment would fail to.
// Prints one JSON line: how many tasks ran, and how many found another holder's marker.
import { constants } from 'node:fs';
import { access, open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withFileLock } from '../store/file-lock.js';

const [dir = '', countText = '0'] = process.argv.slice(2);
let ran = 0;
let overlaps = 0;
// All contenders start together: each says it is ready, then waits for the test's "go".
await writeFile(join(dir, `ready-${process.pid}`), '');
while (
  !(await access(join(dir, 'go')).then(
    () => true,
    () => false,
  ))
)
  await new Promise((resolve) => setTimeout(resolve, 1));
for (let trial = 0; trial < Number(countText); trial++) {
  const path = join(dir, `file-${trial}.json`);
  await withFileLock(
    path,
    async () => {
      const marker = `${path}.held`;
      try {
        const handle = await open(marker, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL);
        await handle.close();
      } catch {
        overlaps++;
        return;
      }
      ran++;
      await new Promise((resolve) => setTimeout(resolve, 2));
      await rm(marker, { force: true });
    },
    { waitMs: 30_000 },
  );
}
console.log(JSON.stringify({ ran, overlaps }));
