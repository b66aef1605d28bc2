import { describe, expect, it } from 'vitest';
import { TimeLeft } from './time-left.js';

describe('the time left shown', () => {
  it('counts down with the clock while the pace wobbles, never going up (12 s did not become 16 s)', () => {
    const left = new TimeLeft();
    expect(left.update(12, 0)).toBe(12);
    expect(left.update(16, 1_000)).toBe(11);
    expect(left.update(13, 2_000)).toBe(10);
    expect(left.update(9.5, 2_500)).toBe(9.5);
    expect(left.update(10, 3_500)).toBe(8.5);
  });

  it('is raised when the pace has really changed (another read shares the rate), and follows a faster one', () => {
    const left = new TimeLeft();
    expect(left.update(12, 0)).toBe(12);
    expect(left.update(40, 1_000)).toBe(40);
    expect(left.update(5, 2_000)).toBe(5);
  });

  it('after a drop, a rise soon after is measured from what was shown before the drop (27 s, unseen 18 s, then not 30 s)', () => {
    const left = new TimeLeft();
    expect(left.update(27, 0)).toBe(27);
    expect(left.update(18, 500)).toBe(18);
    expect(left.update(30, 1_000)).toBe(17.5);
    // Past the moment a person reads it, the drop is what was seen: a real change of pace raises it.
    expect(left.update(30, 7_000)).toBe(30);
  });

  it('at zero with rows still to read, shows the estimate again once it is past the margin', () => {
    const left = new TimeLeft();
    left.update(1, 0);
    expect(left.update(1.5, 3_000)).toBe(0);
    expect(left.update(3, 4_000)).toBe(3);
    expect(left.update(undefined, 5_000)).toBe(2);
  });
});
