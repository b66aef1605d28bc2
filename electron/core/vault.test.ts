import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { testService } from './test-kit.js';
import { TokenFile } from './token-file.js';
import { openVault, Vault, type KeychainBackend } from './vault.js';

const run = promisify(execFile);
const PROBE = join(import.meta.dirname, 'test-fixtures/vault-probe.ts');
const NO_KEYCHAIN_HINT =
  'no Secret Service answered: run the tests through `npm run verify` or scripts/with-test-session.sh, which start a real gnome-keyring';

let home: string | undefined;
afterEach(async () => {
  if (home) await rm(home, { recursive: true, force: true });
  home = undefined;
});

/** Every file under `dir`, read as text. */
async function allText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return (await Promise.all(files.map((file) => readFile(file, 'latin1')))).join('\n');
}

describe('the vault on the real system keychain', () => {
  it('keeps secrets and tokens across vault instances, and forgets them on delete', async () => {
    const service = testService();
    const vault = await openVault(service);
    expect(vault.unavailable?.reason, NO_KEYCHAIN_HINT).toBeUndefined();
    await vault.setSecret('p1', 's3cr3t-value');
    await vault.setToken('p1', { accessToken: 'token-value', expiresAt: 1_900_000_000_000 });

    const reopened = await openVault(service);
    expect(await reopened.getSecret('p1')).toBe('s3cr3t-value');
    expect(await reopened.getToken('p1')).toEqual({
      accessToken: 'token-value',
      expiresAt: 1_900_000_000_000,
    });
    expect(await reopened.getSecret('p2')).toBeUndefined();

    await reopened.deleteSecret('p1');
    await reopened.deleteToken('p1');
    expect(await vault.getSecret('p1')).toBeUndefined();
    expect(await vault.getToken('p1')).toBeUndefined();
  });
});

describe('without a usable keychain', () => {
  it('says so and keeps secrets in memory when no Secret Service is reachable', async () => {
    home = await mkdtemp(join(tmpdir(), 'cdb-vault-'));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', PROBE, testService()], {
      env: { ...process.env, HOME: home, DBUS_SESSION_BUS_ADDRESS: `unix:path=${home}/no-bus` },
    });
    const result = JSON.parse(stdout) as Record<string, string | null>;
    expect(result.unavailableAtOpen).toBe('no system keychain: secrets kept for this session only');
    expect(result.readBack).toBe('probe-secret-value');
    expect(await allText(home)).not.toContain('probe-secret-value');
  });

  it('falls back to memory when the keychain is locked, naming why', async () => {
    home = await mkdtemp(join(tmpdir(), 'cdb-vault-'));
    // A keychain of its own (its own D-Bus session), unlocked to exist, then locked, as a screen lock does.
    const script = [
      'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null',
      // The login keyring appears a moment after the daemon starts: lock it until the reply says it
      // was (Lock answers an empty list for a collection that does not exist yet).
      'for attempt in $(seq 100); do dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login 2>/dev/null | grep -q collection/login && break; sleep 0.1; done',
      `exec "${process.execPath}" --import tsx "${PROBE}" "${testService()}"`,
    ].join(' && ');
    // Without the variables of the tests' own session, so the new daemon cannot reach the old one.
    const { GNOME_KEYRING_CONTROL: _control, DBUS_SESSION_BUS_ADDRESS: _bus, ...env } = process.env;
    const { stdout } = await run('dbus-run-session', ['--', 'sh', '-c', script], {
      env: { ...env, HOME: home },
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, string | null>;
    expect(result.unavailable).toBe('no system keychain: secrets kept for this session only');
    expect(result.reason).toMatch(/locked/);
    expect(result.readBack).toBe('probe-secret-value');
    expect(await allText(home)).not.toContain('probe-secret-value');
  });

  it('switches to memory when the keychain starts failing mid-session, once, without leaking the secret', async () => {
    let failing = false;
    const stored = new Map<string, string>();
    const backend: KeychainBackend = {
      getPassword: (_service, account) =>
        failing
          ? Promise.reject(new Error('The name is not activatable'))
          : Promise.resolve(stored.get(account) ?? null),
      setPassword: (_service, account, password) => {
        if (failing) return Promise.reject(new Error('The name is not activatable'));
        stored.set(account, password);
        return Promise.resolve();
      },
      deletePassword: (_service, account) => Promise.resolve(stored.delete(account)),
    };
    const vault = new Vault(backend, 'test');
    const reports: string[] = [];
    vault.onUnavailable((error) => reports.push(`${error.message} (${error.reason})`));
    await vault.setSecret('p', 'first-secret');
    expect(stored.get('p:secret')).toBe('first-secret');
    failing = true;
    await vault.setSecret('p', 'second-secret');
    expect(await vault.getSecret('p')).toBe('second-secret');
    expect(reports).toEqual([
      'no system keychain: secrets kept for this session only (The name is not activatable)',
    ]);
    expect(reports.join()).not.toContain('second-secret');
  });

  it('caches tokens, never secrets, in the opted-in token file (0600), shared by a second vault', async () => {
    home = await mkdtemp(join(tmpdir(), 'cdb-vault-'));
    const file = new TokenFile(join(home, 'token-cache.json'));
    const vault = new Vault(undefined, 'test', 'no keychain here');
    vault.cacheTokensIn(file);
    expect(vault.tokensKept).toBe('file');
    await vault.setSecret('p', 'secret-in-memory-only');
    await vault.setToken('cred-1', { accessToken: 'token-in-file', expiresAt: 1, receivedAt: 0 });
    const otherRun = new Vault(undefined, 'test', 'no keychain here');
    otherRun.cacheTokensIn(file);
    expect(await otherRun.getToken('cred-1')).toEqual({
      accessToken: 'token-in-file',
      expiresAt: 1,
      receivedAt: 0,
    });
    expect(await otherRun.getSecret('p')).toBeUndefined();
    expect((await stat(file.path)).mode & 0o777).toBe(0o600);
    const text = await allText(home);
    expect(text).toContain('token-in-file');
    expect(text).not.toContain('secret-in-memory-only');
    await otherRun.deleteToken('cred-1');
    expect(await vault.getToken('cred-1')).toBeUndefined();
  });
});
