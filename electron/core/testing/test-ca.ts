import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A company-style root made by openssl for a test, and the server certificates it signs. */
export interface TestCa {
  /** The root's certificate (PEM), as IT installs it or NODE_EXTRA_CA_CERTS names it. */
  caFile: string;
  /**
   * A key and certificate for `altName` (e.g. "IP:127.0.0.1"), valid `days` from now (0: expired at
   * once), with `extensions` besides (openssl's extension lines, e.g. "extendedKeyUsage=clientAuth").
   */
  certificate(altName: string, days?: number, extensions?: string[]): { key: string; cert: string };
}

/** P-256 keys: made at once, where an RSA key costs openssl a search for primes (a second per few). */
const EC_KEY = ['ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];

/** Makes the root in `dir` with openssl (as the README's users would; no library writes it for us). */
export function makeTestCa(dir: string): TestCa {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const caFile = join(dir, 'company-root.pem');
  openssl(
    'req',
    '-x509',
    '-newkey',
    ...EC_KEY,
    '-nodes',
    '-keyout',
    'company-root.key',
    '-out',
    caFile,
    '-days',
    '2',
    '-subj',
    '/CN=Test Company Root',
  );
  let serial = 0;
  return {
    caFile,
    certificate(altName, days = 1, extensions = []) {
      const name = `server-${++serial}`;
      writeFileSync(join(dir, `${name}.ext`), [`subjectAltName=${altName}`, ...extensions, ''].join('\n'));
      openssl(
        'req',
        '-newkey',
        ...EC_KEY,
        '-nodes',
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        '-subj',
        '/CN=test server',
      );
      openssl(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        caFile,
        '-CAkey',
        'company-root.key',
        '-CAcreateserial',
        '-out',
        `${name}.pem`,
        '-days',
        String(days),
        '-extfile',
        `${name}.ext`,
      );
      return {
        key: readFileSync(join(dir, `${name}.key`), 'utf8'),
        cert: readFileSync(join(dir, `${name}.pem`), 'utf8'),
      };
    },
  };
}
