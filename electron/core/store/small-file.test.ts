import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCarefully } from './small-file.js';

describe('readCarefully', () => {
  const folder = mkdtempSync(join(tmpdir(), 'small-file-'));

  it('reads a file up to its cap, and refuses one a byte past it', async () => {
    const path = join(folder, 'at-cap.json');
    writeFileSync(path, 'é'.repeat(50));
    expect(await readCarefully(path, 100)).toEqual({ kind: 'text', text: 'é'.repeat(50) });
    expect(await readCarefully(path, 99)).toEqual({ kind: 'refused', problem: 'larger than 99 bytes' });
    expect(await readCarefully(join(folder, 'absent'), 100)).toEqual({ kind: 'missing' });
  });

  it('reads on past the size the file said it had, and stops at the cap', async () => {
    // /proc's files say they are empty and hold more: a file that grows while it is read.
    const whole = await readCarefully('/proc/self/status', 1 << 20);
    expect(whole.kind === 'text' && whole.text).toMatch(/^Name:[\s\S]*VmRSS:/);
    expect(await readCarefully('/proc/self/status', 100)).toEqual({
      kind: 'refused',
      problem: 'larger than 100 bytes',
    });
  });
});
