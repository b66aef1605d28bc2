/**
 * This machine's addresses, as a URL's hostname writes them (WHATWG: lower case, IPv6 in brackets,
 * an IPv4-mapped address in hex): `localhost`, 127.0.0.0/8, [::1], and 127/8 mapped into IPv6.
 * Plain http may go only to these: their traffic never leaves the machine, unless a proxy is
 * put in between (loopbackName).
 */
const THIS_MACHINE = /^(localhost\.?|127(\.\d{1,3}){3}|\[::1\]|\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\])$/;

/** True when `hostname` (a URL's) is an address of this machine: the only one plain http may go to. */
export function isThisMachine(hostname: string): boolean {
  return THIS_MACHINE.test(hostname.toLowerCase());
}

/**
 * True when `hostname` names this machine by its name or address, as Chromium judges it (`*.localhost`
 * included): such a request never goes through a proxy, whatever NO_PROXY says, since a proxy would
 * carry it across the network in clear and deliver it to the proxy's own machine instead.
 */
export function isLoopbackName(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return isThisMachine(host) || /\.localhost\.?$/.test(host);
}
