import { describe, expect, it } from 'vitest';
import { RestoreGate } from './restore-gate.js';

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('the kept lists taken in, list by list', () => {
  it('lets a search of the lists in go while another is still read, and waits for that one', async () => {
    const gate = new RestoreGate();
    gate.close('c1', ['customers', 'contacts', 'agreements']);
    const finder = gate.whenOpen('c1', ['customers', 'contacts']);
    const agreements = gate.whenOpen('c1', ['agreements']);
    const every = gate.whenOpen('c1');
    gate.open('c1', 'customers');
    expect(await settled(finder)).toBe(false);
    gate.open('c1', 'contacts');
    expect(await settled(finder)).toBe(true);
    expect(await settled(agreements)).toBe(false);
    expect(await settled(every)).toBe(false);
    gate.open('c1');
    expect(await settled(agreements)).toBe(true);
    expect(await settled(every)).toBe(true);
  });

  it('keeps connections apart, and lets at once what is not being taken in', async () => {
    const gate = new RestoreGate();
    gate.close('c1', ['customers']);
    gate.close('c10', ['customers']);
    expect(await settled(gate.whenOpen('c2', ['customers']))).toBe(true);
    expect(await settled(gate.whenOpen('c1', ['agreements']))).toBe(true);
    gate.open('c1');
    expect(await settled(gate.whenOpen('c1'))).toBe(true);
    // Another connection whose id starts with the first's is still being taken in.
    expect(await settled(gate.whenOpen('c10'))).toBe(false);
  });
});
