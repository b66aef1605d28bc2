import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { certificateBlocksOf } from '../../shared/profile.js';

/** A certificate as Chromium hands it to Electron's verify proc: its PEM, and the one that issued it. */
export interface PresentedCertificate {
  data: string;
  issuerCert?: PresentedCertificate;
}

/** Chains longer than this are not followed (a loop in what a server presents ends here). */
const LONGEST_CHAIN = 10;

/** The certificates of a PEM text (a company's root, or several); an unreadable one is left out. */
export function certificatesIn(pem: string): X509Certificate[] {
  return certificateBlocksOf(pem).flatMap((block) => {
    try {
      return [new X509Certificate(block)];
    } catch {
      return [];
    }
  });
}

/**
 * Why a connection's company root (PEM, certificates only: the profile schema has taken out any
 * key) cannot be one, or undefined: each certificate must be readable and an authority's (`CA:TRUE`),
 * since a server's own certificate trusted as a root would vouch for whatever it signs.
 */
export function companyRootProblem(pem: string): string | undefined {
  const blocks = certificateBlocksOf(pem);
  const certificates = certificatesIn(pem);
  if (certificates.length < blocks.length) return 'holds a damaged certificate (it cannot be read as PEM)';
  const notAuthority = certificates.find((certificate) => !certificate.ca);
  if (notAuthority)
    return `holds a certificate that is not an authority's (${notAuthority.subject.replace(/\n/g, ', ')}): a server's own certificate cannot be trusted as a root; give the company's root certificate (IT has it)`;
  return undefined;
}

/** Extended key usages that let a certificate serve a TLS server: serverAuth, or any. */
const SERVER_AUTH_USAGES = ['1.3.6.1.5.5.7.3.1', '2.5.29.37.0'];

/** Whether `certificate` may take part in a TLS server's chain: no extended key usage, or one allowing it. */
function servesWebServers(certificate: X509Certificate): boolean {
  const usages = certificate.keyUsage as string[] | undefined;
  return !usages?.length || usages.some((usage) => SERVER_AUTH_USAGES.includes(usage));
}

/**
 * Whether `presented` is a certificate for `hostname`, valid at `now`, issued by one of `roots`
 * directly or through the intermediate authorities it came with, each valid and signed by the
 * next, each allowed to serve a TLS server (its extended key usage): what a browser checks, with a
 * connection's company root as the only authority (the desktop
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
  // Every certificate of the chain may serve for a web server: one whose extended key usage names
  // only other uses (a client's, code signing's, an intermediate kept for e-mail) does not.
  if (!chain.every(servesWebServers)) return false;
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
