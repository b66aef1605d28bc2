import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeskStore } from '../core/store/desks.js';
import type { SavedView } from '../shared/saved-view.js';
import { cdbHarness } from './testing/cdb-harness.js';
import { keychainSeal } from '../core/store/typed-text.js';
import { testVault } from '../core/testing/test-kit.js';

// `cdb profile` as administrators run it: a process of its own, talking to the Demo API over HTTP, with a
// data folder of its own and the real keychain of the test session (testing/cdb-harness.ts).
const harness = cdbHarness({ seed: 21, size: { customers: 400, contacts: 500, agreements: 1_500 } });
const { cdb, connection } = harness;

// Each test starts cdb processes one after another (a few seconds each on a busy 2-core machine,
// under a second when it is quiet): the time they are given is a setup wait, not a figure.
describe('cdb profile', { timeout: 120_000 }, () => {
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

  it('--profile sends the secret saved for it, never CDB_CLIENT_SECRET set for another API (M6)', async () => {
    const add = await cdb(['profile', 'add', '--name', 'Prod', ...connection()], {
      input: `${harness.api.clientSecret}\n`,
    });
    expect(add.code, add.stderr).toBe(0);
    const out = join(harness.outDir, 'prod.csv');
    const run = await cdb(['export', '--profile', 'Prod', '--resource', 'customers', '--out', out], {
      env: { CDB_CLIENT_SECRET: 'staging-secret-999' },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'using the secret saved for profile "Prod" in the keychain, not CDB_CLIENT_SECRET',
    );
    expect((await cdb(['profile', 'remove', 'Prod'])).code).toBe(0);
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

  // Six cdb processes one after another (11 s on an idle machine): beside the other integration
  // files on a busy 2-core machine, their starts alone passed 30 s.
  it('lists the views saved in the app for a profile, and exports one exactly as its flags would', async () => {
    const add = await cdb(['profile', 'add', '--name', 'Demo EU', ...connection()], {
      input: `${harness.api.clientSecret}\n`,
    });
    expect(add.code, add.stderr).toBe(0);
    const [profile] = JSON.parse(await readFile(join(harness.dataDir, 'profiles.json'), 'utf8')).profiles as {
      id: string;
    }[];
    const worklist: SavedView = {
      name: 'Suspended, by MRR',
      resource: 'agreements',
      sort: 'mrr.desc',
      filter: [{ field: 'status', op: 'eq', value: 'suspended' }],
      columns: ['id', 'status', 'mrr'],
      layout: { order: [], hidden: [], sizes: {} },
    };
    // As the app writes them (settings.json), with one entry a newer or broken app left unreadable.
    await writeFile(
      join(harness.dataDir, 'settings.json'),
      JSON.stringify({
        views: { [profile?.id ?? '']: [worklist, { name: 'Broken', resource: 'invoices' }] },
      }),
    );

    const list = await cdb(['views', 'list', '--profile', 'Demo EU']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toBe(
      'Suspended, by MRR\tagreements\tsorted by mrr.desc\t1 filter condition(s)\tcolumns id,status,mrr\n',
    );
    expect(list.stderr).toContain('saved view "Broken" of connection');

    const fromView = join(harness.outDir, 'view.csv');
    const fromFlags = join(harness.outDir, 'flags.csv');
    const byView = await cdb([
      'export',
      '--profile',
      'Demo EU',
      '--view',
      'Suspended, by MRR',
      '--out',
      fromView,
    ]);
    expect(byView.code, byView.stderr).toBe(0);
    const byFlags = await cdb([
      'export',
      '--profile',
      'Demo EU',
      ...['--resource', 'agreements', '--sort', 'mrr.desc', '--where', 'status = suspended'],
      ...['--columns', 'id,status,mrr', '--out', fromFlags],
    ]);
    expect(byFlags.code, byFlags.stderr).toBe(0);
    const csv = await readFile(fromView, 'utf8');
    expect(csv.split('\r\n').length).toBeGreaterThan(3);
    expect(csv).toBe(await readFile(fromFlags, 'utf8'));

    const mixed = await cdb([
      'export',
      '--profile',
      'Demo EU',
      '--view',
      'x',
      '--sort',
      'mrr.asc',
      '--out',
      fromView,
    ]);
    expect([mixed.code, mixed.stderr]).toEqual([
      2,
      'cdb: --view cannot be combined with --sort: the saved view says them\n',
    ]);
    const unknown = await cdb(['export', '--profile', 'Demo EU', '--view', 'Nothing', '--out', fromView]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      '--view: no view called "Nothing" is saved for profile "Demo EU" (saved: "Suspended, by MRR")',
    );

    // Removing the profile removes its views and where the app's windows were on it: their filter
    // values would be kept for nothing. Another connection's place stays.
    const desks = new DeskStore(join(harness.dataDir, 'desks.json'), keychainSeal(testVault()));
    const place = (connectionId: string) => ({
      connectionId,
      screen: { kind: 'list' as const, resource: 'agreements' as const },
      places: { agreements: { filter: worklist.filter } },
    });
    await desks.put('window', place(profile?.id ?? ''));
    await desks.put('tab-1', place('demo'));
    // A list kept for its search (sealed: its name is a hash of the connection's), and another connection's.
    const kept = join(harness.dataDir, 'held-lists');
    await mkdir(kept, { recursive: true });
    const keptOf = (connectionId: string) =>
      `${createHash('sha256')
        .update(JSON.stringify([connectionId, 'customers', null]))
        .digest('hex')
        .slice(0, 32)}.list`;
    await writeFile(join(kept, keptOf(profile?.id ?? '')), 'sealed');
    await writeFile(join(kept, keptOf('demo')), 'sealed');
    const remove = await cdb(['profile', 'remove', 'Demo EU']);
    expect(remove.stderr).toContain(
      '"Demo EU" removed, with its secret, token, saved views, the lists kept for its search and the places its windows were left at',
    );
    // Before: left until the seven-day sweep of a later start of the app, or for ever.
    expect(await readdir(kept)).toEqual([keptOf('demo')]);
    const settings = JSON.parse(await readFile(join(harness.dataDir, 'settings.json'), 'utf8'));
    expect(settings.views).toEqual({});
    expect(await desks.get('window')).toBeUndefined();
    // Its filter kept sealed: cdb, which seals nothing, leaves it as it was.
    expect(await desks.get('tab-1')).toEqual({ desk: place('demo') });
  });
});
