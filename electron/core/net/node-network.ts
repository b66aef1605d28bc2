import { Agent, buildConnector, type Dispatcher, EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import { readFileSync } from 'node:fs';
import { systemCertsSync } from 'system-ca';
import tls, { TLSSocket, type PeerCertificate } from 'node:tls';
import type { ConnectionRoute } from '../../shared/contract/connection-requests.js';
import { isLoopbackName } from '../../shared/loopback.js';
import { certificatesIn } from './company-roots.js';
import type { Fetch } from './http.js';

/** The network of a Node process: its fetch, and the company roots some APIs are trusted with. */
export interface NodeNetwork {
  fetch: Fetch;
  /** The proxy `url` goes through (host:port, never its credentials), and who issued its certificate when met. */
  routeOf: (url: string) => Pick<ConnectionRoute, 'proxy' | 'issuer'>;
  /** Trusts `pem` (a connection's company root) for the origins of `urls` only: its API and token endpoint. */
  trustFor: (urls: string[], pem: string) => void;
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

/** The roots every request trusts, read once (the system's store is read from disk). */
let baseRoots: string[] | undefined;

/**
 * Node's own roots, the system's store (a company's root IT installed: system-ca reads Windows' and
 * macOS's stores, and on Linux the distribution's bundle, or SSL_CERT_FILE / SSL_CERT_DIR), and
 * NODE_EXTRA_CA_CERTS's: giving `ca` replaces Node's defaults, so all are named.
 */
function trustedRoots(): string[] {
  if (!baseRoots) {
    let system: string[] = [];
    try {
      system = systemCertsSync();
    } catch {
      // No readable store (a minimal container): Node's roots and NODE_EXTRA_CA_CERTS still apply.
    }
    baseRoots = [...new Set([...tls.rootCertificates, ...system, ...extraCertificates()])];
  }
  return baseRoots;
}

/**
 * A proxy-aware dispatcher: an http:// request is forwarded as an HTTP proxy request (as curl does:
 * the proxy sees it and adds its Via), an https:// one tunnelled with CONNECT, so TLS runs end to end
 * with the API. A request to this machine (isLoopbackName) goes direct whatever NO_PROXY says, as in
 * Chromium: EnvHttpProxyAgent bypasses only what NO_PROXY lists, and would hand a loopback API's
 * secret, in clear, to the proxy. It trusts the base roots (trustedRoots) and `extraRoots`.
 */
function dispatcherTrusting(extraRoots: string[], issuers: Map<string, string>): Dispatcher {
  const ca = [...trustedRoots(), ...extraRoots];
  const connector = buildConnector({ ca });
  const options = {
    // Who issued each host's certificate, as its TLS connection showed it (the Test's route).
    connect: (connectOptions: buildConnector.Options, callback: buildConnector.Callback) =>
      connector(connectOptions, (...result) => {
        const [, socket] = result;
        if (socket instanceof TLSSocket)
          issuers.set(connectOptions.hostname, issuerOf(socket.getPeerCertificate()));
        callback(...result);
      }),
  };
  const direct = new Agent(options);
  return new EnvHttpProxyAgent({ ...options, proxyTunnel: false, requestTls: { ca } }).compose(
    (dispatch) => (request, handler) =>
      isLoopbackName(new URL(String(request.origin)).hostname)
        ? direct.dispatch(request, handler)
        : dispatch(request, handler),
  );
}

/** A certificate's issuer as a person reads it: its common name, and its organisation when it has one. */
function issuerOf(certificate: PeerCertificate): string {
  const text = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);
  const name = text(certificate.issuer?.CN);
  const organisation = text(certificate.issuer?.O);
  return (
    [name, organisation && organisation !== name ? `(${organisation})` : undefined]
      .filter(Boolean)
      .join(' ') || 'unnamed'
  );
}

/** The URL a fetch is asked for, whatever form it was given in. */
function urlOf(input: Parameters<Fetch>[0]): URL {
  return new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
}

/**
 * The network of `cdb` and the browser host (docs/architecture.md, "In an office"): Node's fetch
 * does not read the proxy a Node tool is expected to honour, so every request goes through undici's
 * EnvHttpProxyAgent, which does: `HTTPS_PROXY` / `HTTP_PROXY` (credentials in the URL when the proxy
 * asks for them) and `NO_PROXY`, in upper or lower case. Certificates: Node's roots, the system's
 * store, `NODE_EXTRA_CA_CERTS`, and a connection's own company root for its origins only. The desktop app takes Chromium's network instead (OS proxy, PAC, the OS trust store), handed
 * in by Electron main.
 */
export function nodeNetwork(): NodeNetwork {
  /** Who issued each host's certificate, by hostname, as last met. */
  const issuers = new Map<string, string>();
  const general = dispatcherTrusting([], issuers);
  /** The company roots trusted per origin (two profiles of one API may each name one). */
  const rootsByOrigin = new Map<string, Set<string>>();
  /** One dispatcher per set of roots, made once: a connection opened again trusts the same root. */
  const dispatchers = new Map<string, Dispatcher>();
  const dispatcherFor = (origin: string): Dispatcher => {
    const roots = rootsByOrigin.get(origin);
    if (!roots) return general;
    const key = [...roots].join('\n');
    let dispatcher = dispatchers.get(key);
    if (!dispatcher) dispatchers.set(key, (dispatcher = dispatcherTrusting([...roots], issuers)));
    return dispatcher;
  };
  return {
    fetch: (input, init) =>
      undiciFetch(input as Parameters<typeof undiciFetch>[0], {
        ...(init as Parameters<typeof undiciFetch>[1]),
        dispatcher: dispatcherFor(urlOf(input).origin),
      }),
    routeOf: (url) => {
      const proxy = proxyFor(url);
      const issuer = issuers.get(new URL(url).hostname);
      return { ...(proxy !== undefined && { proxy }), ...(issuer !== undefined && { issuer }) };
    },
    trustFor(urls, pem) {
      // Each certificate as Node reads it: a damaged block in the file is left out, not given to TLS.
      const roots = certificatesIn(pem).map((certificate) => certificate.toString());
      for (const url of urls) {
        const origin = new URL(url).origin;
        const known = rootsByOrigin.get(origin) ?? new Set();
        for (const root of roots) known.add(root);
        if (known.size) rootsByOrigin.set(origin, known);
      }
    },
  };
}

/**
 * The proxy a request to `url` goes through (dispatcherTrusting): none for this machine; else
 * EnvHttpProxyAgent's by its own rules (undici 7, env-http-proxy-agent.js: lower case first; https
 * falls back to the http proxy; NO_PROXY entries by host, subdomain and port, `*` for none), for the
 * connection Test's report: node-network.test.ts holds this to what the fetch does. The proxy's
 * address only: credentials in its URL stay out of every report.
 */
export function proxyFor(url: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const { protocol, host, hostname: name } = new URL(url);
  if (isLoopbackName(name)) return undefined;
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY;
  const proxy = protocol === 'https:' ? (env.https_proxy ?? env.HTTPS_PROXY ?? httpProxy) : httpProxy;
  if (!proxy) return undefined;
  const hostname = host.replace(/:\d*$/, '').toLowerCase();
  const port = Number(new URL(url).port) || (protocol === 'https:' ? 443 : 80);
  const noProxy = env.no_proxy ?? env.NO_PROXY ?? '';
  if (noProxy === '*') return undefined;
  for (const entry of noProxy.split(/[,\s]/).filter(Boolean)) {
    const [, name = entry, entryPort] = /^(.+):(\d+)$/.exec(entry) ?? [];
    const bare = name.replace(/^\*?\./, '').toLowerCase();
    if (entryPort !== undefined && Number(entryPort) !== port) continue;
    if (hostname === bare || hostname.endsWith(`.${bare}`)) return undefined;
  }
  return URL.canParse(proxy) ? new URL(proxy).host : proxy.replace(/^.*@/, '');
}
