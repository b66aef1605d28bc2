import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import type { Fetch } from './http.js';

/**
 * The network of `cdb` and the browser host (docs/architecture.md, "In an office"): Node's fetch
 * does not read the proxy a Node tool is expected to honour, so every request goes through undici's
 * EnvHttpProxyAgent, which does: `HTTPS_PROXY` / `HTTP_PROXY` (credentials in the URL when the proxy
 * asks for them) and `NO_PROXY`, in upper or lower case. Certificates: Node's roots, plus
 * `NODE_EXTRA_CA_CERTS` (a company's root, read by Node at start). The desktop app takes Chromium's
 * network instead (OS proxy, PAC, the OS trust store), handed in by Electron main.
 */
export function nodeFetch(): Fetch {
  // An http:// request is forwarded as an HTTP proxy request (as curl does: the proxy sees it and adds
  // its Via), an https:// one tunnelled with CONNECT, so TLS runs end to end with the API.
  const dispatcher = new EnvHttpProxyAgent({ proxyTunnel: false });
  return (input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    });
}
