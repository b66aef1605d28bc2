import { net } from 'electron';
import type { Fetch } from '../core/api/http.js';

/**
 * The network of the desktop app: Chromium's (`net.fetch` of the main process), so every API and
 * token endpoint is reached as the browser would — the OS proxy settings, PAC and WPAD, Kerberos or
 * NTLM where the OS signs in, and the OS trust store (a company's root IT installed). The engine
 * takes it as its fetch (AppCoreOptions.fetch): the choice is made here, the behaviour is core's.
 */
export function chromiumFetch(): Fetch {
  return (input, init) => net.fetch(input instanceof URL ? input.href : input, init);
}
