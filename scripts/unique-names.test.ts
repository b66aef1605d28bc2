import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';

// A file's name says its job once: two modules of one name (two `marked-customers.ts`, one the
// rules and one the store) send a reader, an editor's quick-open and a stack trace to the wrong one.
// Benches and specs are named for what they measure or try, beside the module they are about.

/** The product's modules and their tests, as git lists them. */
function productFiles(): string[] {
  return execFileSync('git', ['ls-files', 'electron', 'renderer/src', 'scripts'], { encoding: 'utf8' })
    .split('\n')
    .filter((path) => /\.(ts|tsx|mjs)$/.test(path) && !/(^|\/)index\.ts$/.test(path));
}

describe('file names', () => {
  it('are each used once among the product’s modules and tests', () => {
    const byName = new Map<string, string[]>();
    for (const path of productFiles())
      byName.set(basename(path), [...(byName.get(basename(path)) ?? []), path]);
    const twice = [...byName.values()].filter((paths) => paths.length > 1);
    expect(byName.size).toBeGreaterThan(300);
    expect(twice).toEqual([]);
  });
});
