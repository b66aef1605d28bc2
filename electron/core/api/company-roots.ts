import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { PEM_CERTIFICATE_BEGIN } from '../../shared/profile.js';

/** A certificate as Chromium hands it to Electron's verify proc: its PEM, and the one that issued it. */
export interface PresentedCertificate {
  data: string;
  issuerCert?: PresentedCertificate;
}

/** Chains longer than this are not followed (a loop in what a server presents ends here). */
const LONGEST_CHAIN = 10;
const PEM_CERTIFICATE = new RegExp(`${PEM_CERTIFICATE_BEGIN}[\\s\\S]+?-----END CERTIFICATE-----`, 'g');

/** The certificates of a PEM text (a company's root, or several); an unreadable one is left out. */
export function certificatesIn(pem: string): X509Certificate[] {
  return (pem.match(PEM_CERTIFICATE) ?? []).flatMap((block) => {
    try {
      return [new X509Certificate(block)];
    } catch {
      return [];
    }
  });
}

/**
 * Whether `presented` is a certificate for `hostname`, valid at `now`, issued by one of `roots`
 * directly or through the intermediate authorities it came with, each valid and signed by the
 * next: what a browser checks, with a connection's company root as the only authority (the desktop
 * app's Chromium cannot trust a root for one site only: electron/main/network.ts asks this).
 */
export function issuedByOneOf(
  presented: PresentedCertificate,
  hostname: string,
  roots: readonly X509Certificate[],
  now = new Date(),
): boolean {
  const chain: X509Certificate[] = [];
  for (
    let link: PresentedCertificate | undefined = presented;
    link && chain.length < LONGEST_CHAIN;
    link = link.issuerCert
  ) {
    const certificate = certificatesIn(link.data)[0];
    if (!certificate) return false;
    chain.push(certificate);
  }
  const [leaf] = chain;
  if (!leaf) return false;
  const named = isIP(hostname) ? leaf.checkIP(hostname) : leaf.checkHost(hostname);
  if (named === undefined) return false;
  const validNow = (certificate: X509Certificate) =>
    new Date(certificate.validFrom) <= now && now <= new Date(certificate.validTo);
  const signs = (issuer: X509Certificate, certificate: X509Certificate) =>
    issuer.ca && validNow(issuer) && certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
  for (const [index, certificate] of chain.entries()) {
    if (!validNow(certificate)) return false;
    if (roots.some((root) => signs(root, certificate))) return true;
    const issuer = chain[index + 1];
    if (!issuer || !signs(issuer, certificate)) return false;
  }
  return false;
}
