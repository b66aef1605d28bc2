import { credentialsId } from '../credentials.js';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { GrantLedger } from './grant-ledger.js';
import { tempFolders } from '../testing/temp-folder.js';

const folder = tempFolders('cdb-ledger-');

let dir: string;
beforeEach(async () => {
  dir = await folder();
});

const START = Date.UTC(2026, 10, 21, 12);
const CLIENT = GrantLedger.clientKey('https://auth.example', 'client-1');

/** Records one granted token as the token manager does: reserved, then settled. */
async function grant(ledger: GrantLedger, client = CLIENT): Promise<void> {
  const reservation = await ledger.reserve(client);
  if (!('id' in reservation)) throw new Error('refused');
  await ledger.settle(client, reservation.id, 'granted');
}

describe('grant ledger', () => {
  it('counts grants of the last 24 h per client, in a file that outlives the app', async () => {
    const clock = { now: START };
    const path = join(dir, 'token-grants.json');
    const ledger = await GrantLedger.open(path, { now: () => clock.now });
    for (let i = 0; i < 3; i++) {
      await grant(ledger);
      clock.now += 3_600_000;
    }
    const reopened = await GrantLedger.open(path, { now: () => clock.now });
    expect(reopened.usage(CLIENT)).toEqual({ used: 3, limit: 15, unconfirmed: 0, countUnknown: false });
    expect(reopened.usage(GrantLedger.clientKey('https://auth.example', 'client-2')).used).toBe(0);
    clock.now = START + 24 * 3_600_000 + 1;
    expect(reopened.usage(CLIENT).used).toBe(2);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readFile(path, 'utf8')).not.toMatch(/secret|token"/i);
  });

  it('creates its folder before the first request (a fresh machine)', async () => {
    const path = join(dir, 'not', 'yet', 'token-grants.json');
    const ledger = await GrantLedger.open(path);
    await grant(ledger);
    expect((await GrantLedger.open(path)).usage(CLIENT).used).toBe(1);
  });

  it('counts a request from before it is sent: a lost answer stays counted, a refusal frees its place', async () => {
    const ledger = await GrantLedger.open(join(dir, 'token-grants.json'));
    const lost = await ledger.reserve(CLIENT);
    const refused = await ledger.reserve(CLIENT);
    expect(ledger.usage(CLIENT)).toMatchObject({ used: 2, unconfirmed: 2 });
    if (!('id' in lost) || !('id' in refused)) throw new Error('refused');
    await ledger.settle(CLIENT, lost.id, 'unknown');
    await ledger.settle(CLIENT, refused.id, 'refused');
    expect(ledger.usage(CLIENT)).toMatchObject({ used: 1, unconfirmed: 1 });
  });

  it('refuses a 16th reservation, saying when the next is allowed, and remembers a server’s refusal', async () => {
    const clock = { now: START };
    const ledger = await GrantLedger.open(undefined, { now: () => clock.now });
    for (let i = 0; i < 15; i++) {
      await grant(ledger);
      clock.now += 60_000;
    }
    const budget = { used: 15, limit: 15, unconfirmed: 0, countUnknown: false };
    expect(ledger.usage(CLIENT)).toEqual({
      ...budget,
      nextAllowedAt: START + 24 * 3_600_000,
      blockedFor: 'budget',
    });
    expect(await ledger.reserve(CLIENT)).toEqual({ refused: ledger.usage(CLIENT) });
    const other = GrantLedger.clientKey('https://auth.example', 'other');
    await ledger.blockUntil(other, clock.now + 30_000, 'rate');
    expect(ledger.usage(other)).toMatchObject({
      used: 0,
      nextAllowedAt: clock.now + 30_000,
      blockedFor: 'rate',
    });
    clock.now += 30_001;
    expect(ledger.usage(other)).toEqual({ used: 0, limit: 15, unconfirmed: 0, countUnknown: false });
  });

  it('ignores a block longer than the hour any wait is bounded to (an older version’s 30 days)', async () => {
    const path = join(dir, 'token-grants.json');
    const blockedUntil = Date.now() + 30 * 24 * 3_600_000;
    await writeFile(
      path,
      JSON.stringify({ version: 2, clients: { [CLIENT]: { grants: [], blockedUntil, blockedFor: 'rate' } } }),
    );
    const ledger = await GrantLedger.open(path);
    expect(ledger.usage(CLIENT).nextAllowedAt).toBeUndefined();
    expect('id' in (await ledger.reserve(CLIENT))).toBe(true);
  });

  it('two ledgers on one file (two processes) never overwrite each other’s grants', async () => {
    const path = join(dir, 'token-grants.json');
    const app = await GrantLedger.open(path);
    const cdb = await GrantLedger.open(path);
    await Promise.all(Array.from({ length: 10 }, (_, i) => grant(i % 2 ? app : cdb)));
    await app.refresh();
    expect(app.usage(CLIENT).used).toBe(10);
    expect((await GrantLedger.open(path)).usage(CLIENT).used).toBe(10);
    // The 16th is refused whichever ledger asks: each re-reads the file under the lock.
    for (let i = 0; i < 5; i++) await grant(cdb);
    expect('refused' in (await app.reserve(CLIENT))).toBe(true);
  });

  it('tells its listeners of real changes only (the status bar re-reads on each one)', async () => {
    const path = join(dir, 'token-grants.json');
    const ledger = await GrantLedger.open(path);
    let heard = 0;
    ledger.onChange(() => heard++);
    await ledger.refresh();
    await ledger.refresh();
    expect(heard).toBe(0);
    await grant(await GrantLedger.open(path));
    await ledger.refresh();
    expect(heard).toBe(1);
  });

  it('keeps a damaged file aside, reports it, and says the day’s count is unknown', async () => {
    const path = join(dir, 'token-grants.json');
    await writeFile(path, 'not json');
    const ledger = await GrantLedger.open(path);
    expect(ledger.damaged?.reason).toMatch(/not valid JSON/);
    expect(await readFile(ledger.damaged?.movedTo ?? '', 'utf8')).toBe('not json');
    expect(ledger.usage(CLIENT)).toMatchObject({ used: 0, countUnknown: true });
    await grant(ledger);
    const reopened = await GrantLedger.open(path);
    expect(reopened.damaged).toBeUndefined();
    expect(reopened.usage(CLIENT)).toMatchObject({ used: 1, countUnknown: true });
    expect((await readdir(dir)).filter((name) => name.includes('damaged'))).toHaveLength(1);
  });

  it('keeps aside JSON that is not a ledger too, saying so, and counts from nothing known', async () => {
    const path = join(dir, 'token-grants.json');
    await writeFile(path, '{"clients": "none"}');
    const ledger = await GrantLedger.open(path);
    expect(ledger.damaged?.reason).toBe('not a token ledger of this version of the app');
    expect(await readFile(ledger.damaged?.movedTo ?? '', 'utf8')).toBe('{"clients": "none"}');
    expect(ledger.usage(CLIENT)).toMatchObject({ used: 0, countUnknown: true });
  });
});

describe('one token endpoint, however it is typed (L1)', () => {
  it('has one budget and one lock: host case, default port, dot segments and a trailing slash are one endpoint', () => {
    const typed = [
      'http://127.0.0.1:8080',
      'http://127.1:8080',
      'http://127.0.0.1:8080/.',
      'HTTP://127.0.0.1:8080/',
      'http://127.0.0.1:8080/./',
    ];
    expect(new Set(typed.map((authUrl) => GrantLedger.clientKey(authUrl, 'c'))).size).toBe(1);
    const ids = typed.map((authUrl) =>
      credentialsId({
        authUrl,
        audience: 'https://api.example',
        clientId: 'c',
        apiOrigin: 'https://api.example',
      }),
    );
    expect(new Set(ids).size).toBe(1);
    expect(GrantLedger.clientKey('https://Auth.Example.com:443/realms/x/', 'c')).toBe(
      GrantLedger.clientKey('https://auth.example.com/realms/x', 'c'),
    );
    expect(GrantLedger.clientKey('https://auth.example.com/realms/x', 'c')).not.toBe(
      GrantLedger.clientKey('https://auth.example.com/realms/y', 'c'),
    );
  });
});
