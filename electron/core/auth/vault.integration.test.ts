import { execFile } from 'node:child_process';

import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { credentialsId } from '../credentials.js';
import { startEngine, testService, textOfFilesUnder } from '../testing/test-kit.js';
import { openVault } from './vault.js';
import { tempFolders } from '../testing/temp-folder.js';

const run = promisify(execFile);
const PROBE = join(import.meta.dirname, '../testing/vault-probe.ts');
const NO_KEYCHAIN_HINT =
  'no Secret Service answered: run the tests through `npm run verify` or scripts/with-test-session.sh, which start a real gnome-keyring';

// The system keychain itself, in the test session's D-Bus with a real gnome-keyring
// (scripts/with-test-session.sh); the unit tests use a keychain of their own (testing/test-kit.ts).
const newHome = tempFolders('cdb-vault-');
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

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

  it("keeps the engine's token in the keychain, so a restart reuses it without a new request", async () => {
    const engine = await startEngine({ keychain: 'system' });
    cleanups.push(() => engine.close());
    const first = await engine.tokens.getToken();
    // A new process: a vault opened anew on the same keychain service, nothing shared in memory.
    const reopened = await openVault(engine.vault.service);
    const afterRestart = engine.restart({ vault: reopened });
    expect(await afterRestart.getToken()).toBe(first);
    expect(engine.demo.counters.tokenRequests).toBe(1);
    expect(await reopened.getToken(credentialsId(engine.credentials))).toMatchObject({ accessToken: first });
  });
});

describe('without a usable keychain', () => {
  it('says so and keeps secrets in memory when no Secret Service is reachable', async () => {
    const home = await newHome();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', PROBE, testService()], {
      env: { ...process.env, HOME: home, DBUS_SESSION_BUS_ADDRESS: `unix:path=${home}/no-bus` },
    });
    const result = JSON.parse(stdout) as Record<string, string | null>;
    expect(result.unavailableAtOpen).toBe('no system keychain: secrets kept for this session only');
    expect(result.readBack).toBe('probe-secret-value');
    expect(await textOfFilesUnder(home)).not.toContain('probe-secret-value');
  });

  it('falls back to memory when the keychain is locked, naming why', async () => {
    const home = await newHome();
    // A keychain of its own (its own D-Bus session), unlocked to exist, then locked, as a screen lock does.
    const script = [
      'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null',
      // The login keyring appears a moment after the daemon starts (many seconds on a busy machine):
      // lock it until the reply says it was (Lock answers an empty list for a collection that does
      // not exist yet), and say so if it never was, rather than test something else.
      'locked=no; for attempt in $(seq 600); do dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login 2>/dev/null | grep -q collection/login && { locked=yes; break; }; sleep 0.1; done',
      'if [ $locked != yes ]; then echo \'{"reason":"the test keyring never appeared: nothing was tested"}\'; exit 0; fi',
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
    expect(await textOfFilesUnder(home)).not.toContain('probe-secret-value');
  }, 90_000);
});
