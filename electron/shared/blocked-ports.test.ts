import { describe, expect, it } from 'vitest';
import { blockedPortOf } from './blocked-ports.js';

describe('ports fetch refuses', () => {
  it('names the port of an address fetch would refuse, and none for the ports APIs use', () => {
    expect(blockedPortOf(new URL('http://127.0.0.1:9/token'))).toBe(9);
    expect(blockedPortOf(new URL('https://api.example:6667'))).toBe(6667);
    for (const address of ['https://api.example', 'http://127.0.0.1:8080', 'https://api.example:8443'])
      expect(blockedPortOf(new URL(address)), address).toBeUndefined();
  });

  it("agrees with Node's own fetch, which refuses the request before connecting", async () => {
    const refused = await fetch('http://127.0.0.1:9/').catch((error: unknown) => error as Error);
    expect((refused as Error & { cause?: Error }).cause?.message).toBe('bad port');
    expect(blockedPortOf(new URL('http://127.0.0.1:9/'))).toBe(9);
  });
});
