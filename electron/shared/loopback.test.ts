import { describe, expect, it } from 'vitest';
import { isLoopbackName, isThisMachine } from './loopback.js';

const hostOf = (url: string) => new URL(url).hostname;

describe('this machine, as a URL names it', () => {
  it('knows its addresses however a URL writes them, and nothing else', () => {
    for (const url of [
      'http://localhost:1',
      'http://LOCALHOST.',
      'http://127.0.0.1',
      'http://127.8.9.10',
      'http://[::1]',
      'http://[::ffff:127.0.0.1]',
      'http://2130706433',
    ])
      expect(isThisMachine(hostOf(url)), url).toBe(true);
    for (const url of [
      'http://localhost.example.com',
      'http://127.0.0.1.example.com',
      'http://128.0.0.1',
      'http://[::2]',
      'http://[::ffff:10.0.0.1]',
      'http://0.0.0.0',
      'http://api.localhost',
    ])
      expect(isThisMachine(hostOf(url)), url).toBe(false);
  });

  it('counts *.localhost as this machine for the proxy, as Chromium does, but not a name that merely ends so', () => {
    for (const url of [
      'https://api.localhost',
      'https://a.b.localhost.',
      'https://127.0.0.1',
      'https://[::1]',
    ])
      expect(isLoopbackName(hostOf(url)), url).toBe(true);
    for (const url of ['https://notlocalhost', 'https://localhost.example.com', 'https://vm'])
      expect(isLoopbackName(hostOf(url)), url).toBe(false);
  });
});
