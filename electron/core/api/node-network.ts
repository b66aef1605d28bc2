import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import type { Fetch } from './http.js';

/** What a run adds to the network's defaults: a company's root certificate (PEM) to trust. */
export interface NodeNetwork {
  extraCa?: string;
}

/** The certificates NODE_EXTRA_CA_CERTS names (Node reads them at start; kept when roots are given). */
function extraCertificates(): string[] {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  if (!file) return [];
  try {
    return [readFileSync(file, 'utf8')];
  } catch {
    return [];
  }
}

/**
 * The network of `cdb` and the browser host (docs/architecture.md, "In an office"): Node's fetch
 * does not read the proxy a Node tool is expected to honour, so every request goes through undici's
 * EnvHttpProxyAgent, which does: `HTTPS_PROXY` / `HTTP_PROXY` (credentials in the URL when the proxy
 * asks for them) and `NO_PROXY`, in upper or lower case. Certificates: Node's roots, plus
 * `NODE_EXTRA_CA_CERTS` (a company's root, read by Node at start). The desktop app takes Chromium's
 * network instead (OS proxy, PAC, the OS trust store), handed in by Electron main.
 */
export function nodeFetch({ extraCa }: NodeNetwork = {}): Fetch {
  // A company's root trusted beside Node's own and NODE_EXTRA_CA_CERTS's (giving `ca` replaces them).
  const ca = extraCa === undefined ? undefined : [...tls.rootCertificates, ...extraCertificates(), extraCa];
  // An http:// request is forwarded as an HTTP proxy request (as curl does: the proxy sees it and adds
  // its Via), an https:// one tunnelled with CONNECT, so TLS runs end to end with the API.
  const dispatcher = new EnvHttpProxyAgent({
    proxyTunnel: false,
    ...(ca && { connect: { ca }, requestTls: { ca } }),
  });
  return (input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    });
}
