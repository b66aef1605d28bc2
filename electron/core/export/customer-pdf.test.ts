import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { recordWith } from '../testing/record-content.js';
import { writeRecordPdf } from './customer-pdf.js';
import { cut, RECORD_VALUE_MAX } from './record-text.js';

/** A stream that keeps the bytes' count only. */
function sink(): Writable & { bytes: number } {
  const out = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.bytes += chunk.length;
        done();
      },
    }),
    { bytes: 0 },
  );
  return out;
}

describe('a customer’s record as PDF, on the thread that serves every window', () => {
  it('lets the thread go while it lays out a long record: other work runs between its slices', async () => {
    let turns = 0;
    let writing = true;
    const counting = (async () => {
      while (writing) {
        await nextTurn();
        turns++;
      }
    })();
    const out = sink();
    await writeRecordPdf(recordWith({ agreements: 600 }), out);
    writing = false;
    await counting;
    expect(out.bytes).toBeGreaterThan(10_000);
    // In one block (before), no other turn came until the end.
    expect(turns).toBeGreaterThan(2);
  });

  it('stops at Cancel, between two slices, with nothing more written', async () => {
    const controller = new AbortController();
    const out = sink();
    const writing = writeRecordPdf(recordWith({ agreements: 3_000 }), out, controller.signal);
    await nextTurn();
    controller.abort();
    await expect(writing).rejects.toThrow(/abort/i);
    expect(out.writableFinished).toBe(false);
  });
});

describe('a value cut for the record', () => {
  it('keeps its first characters and says how long it was, in the record’s language', () => {
    const long = 'x'.repeat(RECORD_VALUE_MAX + 1_234);
    expect(cut(long, 'en')).toBe(`${'x'.repeat(RECORD_VALUE_MAX)} [… cut: 3,234 characters in all]`);
    expect(cut(long, 'fr')).toBe(
      `${'x'.repeat(RECORD_VALUE_MAX)} [… coupé\u00a0: 3\u202f234 caractères en tout]`,
    );
    expect(cut('short', 'en')).toBe('short');
  });

  it('never cuts a character in two', () => {
    const emoji = `${'x'.repeat(RECORD_VALUE_MAX - 1)}😀${'y'.repeat(10)}`;
    expect(cut(emoji, 'en').startsWith(`${'x'.repeat(RECORD_VALUE_MAX - 1)} [`)).toBe(true);
  });
});
