import { describe, expect, it } from 'vitest';
import { firstTrail, shownOf, stepOf, trailAt, trailWith } from './screen-trail';

const same = (a: string, b: string) => a === b;

describe('the screen trail', () => {
  it('adds a step for a new screen and none for the screen shown', () => {
    const trail = trailWith(firstTrail('customers'), 'CUS-1', same)!;
    expect(shownOf(trail)).toEqual({ screen: 'CUS-1', previous: 'customers' });
    expect(trailWith(trail, 'CUS-1', same)).toBeUndefined();
  });

  it('goes back and forward, saying when it went back, and forgets what was ahead on a new step', () => {
    let trail = firstTrail('customers');
    for (const next of ['CUS-1', 'contacts']) trail = trailWith(trail, next, same)!;
    const back = trailAt(trail, 1);
    expect(shownOf(back).screen).toBe('CUS-1');
    expect(back.wentBack).toBe(true);
    const forward = trailAt(back, 2);
    expect(forward.wentBack).toBe(false);
    expect(shownOf(forward).screen).toBe('contacts');
    const branched = trailWith(back, 'exports', same)!;
    expect(branched.screens).toEqual(['customers', 'CUS-1', 'exports']);
  });

  it('ignores a history step it never had, and entries that are not its own', () => {
    const trail = firstTrail('customers');
    expect(trailAt(trail, 5)).toBe(trail);
    expect(shownOf(trail).previous).toBeUndefined();
    expect(stepOf({ screenAt: 2 })).toBe(2);
    for (const state of [null, {}, { screenAt: -1 }, { screenAt: 1.5 }, { screenAt: '1' }, 'x'])
      expect(stepOf(state)).toBeUndefined();
  });
});
