import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdbHarness } from './testing/cdb-harness.js';

// `cdb profile` as administrators run it: a process of its own, talking to the Demo API over HTTP, with a
// data folder of its own and the real keychain of the test session (testing/cdb-harness.ts).
const harness = cdbHarness({ seed: 21, size: { customers: 400, contacts: 500, agreements: 1_500 } });
const { cdb, connection } = harness;

describe('cdb profile', () => {
  it('adds a profile with its secret from stdin, lists it, exports with it, removes it', async () => {
    const add = await cdb(['profile', 'add', '--name', 'Demo EU', ...connection()], {
      input: `${harness.api.clientSecret}\n`,
    });
    expect(add.code, add.stderr).toBe(0);
    expect(add.stderr).toContain('"Demo EU" saved (its secret is in the system keychain)');
    expect(add.stdout + add.stderr).not.toContain(harness.api.clientSecret);
    expect(await readFile(join(harness.dataDir, 'profiles.json'), 'utf8')).not.toContain(
      harness.api.clientSecret,
    );

    const list = await cdb(['profile', 'list']);
    expect(list.stdout).toMatch(/^NAME\s+BASE URL/);
    expect(list.stdout).toMatch(new RegExp(`Demo EU\\s+${harness.api.baseUrl}.*demo-client\\s+saved`));

    const out = join(harness.outDir, 'with-profile.csv');
    const run = await cdb(['export', '--profile', 'demo eu', '--resource', 'customers', '--out', out]);
    expect(run.code, run.stderr).toBe(0);

    const remove = await cdb(['profile', 'remove', 'Demo EU']);
    expect(remove.code).toBe(0);
    expect((await cdb(['profile', 'list'])).stderr).toContain('no profiles yet');
    const gone = await cdb(['export', '--profile', 'Demo EU', '--resource', 'customers', '--out', out]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain('--profile: no profile called "Demo EU"');
  });

  it('refuses bad values naming the flag, and an empty secret', async () => {
    const bad = await cdb(
      [
        'profile',
        'add',
        '--name',
        'x',
        '--base-url',
        'ftp://x',
        '--auth-url',
        harness.api.authUrl,
        '--client-id',
        'c',
      ],
      {
        input: 's',
      },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--base-url must start with https://');
    const empty = await cdb(['profile', 'add', '--name', 'x', ...connection()], { input: '' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('the client secret is empty');
  });
});
