import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GrantLedger } from './grant-ledger.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cdb-ledger-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const START = Date.UTC(2026, 10, 21, 12);
const CLIENT = GrantLedger.clientKey('https://auth.example', 'client-1');

describe('grant ledger', () => {
  it('counts grants of the last 24 h per client, in a file that outlives the app', async () => {
    const clock = { now: START };
    const path = join(dir, 'token-grants.json');
    const ledger = await GrantLedger.open(path, { now: () => clock.now });
    for (let i = 0; i < 3; i++) {
      await ledger.record(CLIENT);
      clock.now += 3_600_000;
    }
    const reopened = await GrantLedger.open(path, { now: () => clock.now });
    expect(reopened.usage(CLIENT)).toEqual({ used: 3, limit: 15 });
    expect(reopened.usage(GrantLedger.clientKey('https://auth.example', 'client-2'))).toEqual({
      used: 0,
      limit: 15,
    });
    clock.now = START + 24 * 3_600_000 + 1;
    expect(reopened.usage(CLIENT).used).toBe(2);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readFile(path, 'utf8')).not.toMatch(/secret|token"/i);
  });

  it('says when the 16th token is allowed, and remembers a server’s refusal', async () => {
    const clock = { now: START };
    const ledger = await GrantLedger.open(undefined, { now: () => clock.now });
    for (let i = 0; i < 15; i++) {
      await ledger.record(CLIENT);
      clock.now += 60_000;
    }
    expect(ledger.usage(CLIENT)).toEqual({
      used: 15,
      limit: 15,
      nextAllowedAt: START + 24 * 3_600_000,
      blockedFor: 'budget',
    });
    const other = GrantLedger.clientKey('https://auth.example', 'other');
    await ledger.blockUntil(other, clock.now + 30_000, 'rate');
    expect(ledger.usage(other)).toEqual({
      used: 0,
      limit: 15,
      nextAllowedAt: clock.now + 30_000,
      blockedFor: 'rate',
    });
    clock.now += 30_001;
    expect(ledger.usage(other)).toEqual({ used: 0, limit: 15 });
  });

  it('starts empty from a damaged file rather than stopping the app', async () => {
    const path = join(dir, 'token-grants.json');
    await writeFile(path, 'not json');
    const ledger = await GrantLedger.open(path);
    expect(ledger.usage(CLIENT)).toEqual({ used: 0, limit: 15 });
    await ledger.record(CLIENT);
    expect((await GrantLedger.open(path)).usage(CLIENT).used).toBe(1);
  });
});
