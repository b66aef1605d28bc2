import { describe, expect, it } from 'vitest';
import { AddressShare } from './address-share.js';

/** A process that sent `perSecond` requests a second for two seconds up to `until`, all answered. */
function busy(share: AddressShare, perSecond: number, until: number): void {
  for (let at = until - 2_000 + 1_000 / perSecond; at <= until; at += 1_000 / perSecond) {
    share.sent(at);
    share.answered(at);
  }
}

describe('the share of an address another machine may use', () => {
  it('keeps the connection’s rate until a 503 comes', () => {
    const share = new AddressShare(20);
    busy(share, 16, 10_000);
    expect(share.rate(10_000)).toBe(20);
  });

  it('falls to half of what it was sending (not of what it was allowed), once per round of requests', () => {
    const share = new AddressShare(20);
    busy(share, 16, 10_000);
    expect(share.overloaded(10_000, 9_990)).toBe(true);
    expect(share.rate(10_000)).toBeCloseTo(8, 5);
    // A 503 to a request sent before the fall says nothing of the rate since.
    expect(share.overloaded(10_050, 9_995)).toBe(false);
    expect(share.rate(10_050)).toBeGreaterThanOrEqual(8);
    // One sent after it does.
    expect(share.overloaded(10_300, 10_200)).toBe(true);
    expect(share.rate(10_300)).toBeLessThan(8);
  });

  it('comes back to a little below what the server answered it, stays near it, then probes beyond up to the connection’s rate', () => {
    const share = new AddressShare(20);
    busy(share, 10, 10_000);
    share.overloaded(10_000, 10_000);
    const fallen = share.rate(10_000);
    const plateau = 10 * 0.8;
    expect(fallen).toBeCloseTo(5, 5);
    const rates = [1, 2, 4, 5, 6, 8, 12].map((seconds) => share.rate(10_000 + seconds * 1_000));
    // Growing all along, slowest near the plateau.
    for (let i = 1; i < rates.length; i++) expect(rates[i]).toBeGreaterThanOrEqual(rates[i - 1] ?? 0);
    const nearPlateau = rates.filter((rate) => Math.abs(rate - plateau) < 0.5).length;
    expect(nearPlateau).toBeGreaterThanOrEqual(2);
    expect(share.rate(10_000 + 60_000)).toBe(20);
  });

  it('never falls below a twentieth of the connection’s rate, however many 503s come', () => {
    const share = new AddressShare(20);
    for (let at = 0; at < 5_000; at += 100) {
      share.sent(at);
      share.overloaded(at + 1, at);
    }
    expect(share.rate(5_000)).toBeCloseTo(1, 3);
  });

  it('takes a new rate for the connection, keeping a slowed rate as slow in proportion', () => {
    const share = new AddressShare(20);
    busy(share, 16, 10_000);
    share.overloaded(10_000, 10_000);
    share.configure(10);
    expect(share.rate(10_000)).toBeCloseTo(4, 5);
  });
});
