import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// What a held list counts against the budget is what the process really keeps, whatever the shape
// of the records a server sends: measured in a process of its own (heap before and after holding
// 4,000 records parsed from JSON, with --expose-gc), for the shapes of real APIs and hostile ones.
// Before, names were not counted and nested values were guessed from their JSON: a server sending
// new names on every row held 6.5 times what was counted (1.6 GiB for a 256 MiB budget).

const SCRIPT = join(import.meta.dirname, '../../testing/held-shapes.ts');

function hold(shape: string, rows = 4_000): { rows: number; counted: number | null; heap: number } {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', SCRIPT, shape, String(rows)],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out) as { rows: number; counted: number | null; heap: number };
}

describe('the memory a held list counts', () => {
  it.each([
    'plain',
    'optional fields',
    'nested',
    'nested empty objects (300)',
    'names in another order each row (40 of 200)',
  ])(
    '%s: counts what the heap keeps, within 10 % below it and never twice over',
    (shape) => {
      const { rows, counted, heap } = hold(shape);
      expect(rows).toBe(4_000);
      expect(counted).not.toBeNull();
      const ratio = heap / counted!;
      expect(ratio, `heap ${heap} counted ${counted}`).toBeLessThanOrEqual(1.1);
      expect(ratio, `heap ${heap} counted ${counted}`).toBeGreaterThan(0.5);
    },
    60_000,
  );

  it.each(['unique names per row (990)', 'nested empty objects (990)', 'nested empty arrays (990)'])(
    '%s: not holdable, found at the first page',
    (shape) => {
      const { rows, counted } = hold(shape, 1_000);
      // JSON writes Infinity as null: the rows counted so far cannot be held.
      expect(counted).toBeNull();
      expect(rows).toBeLessThanOrEqual(500);
    },
    60_000,
  );
});
