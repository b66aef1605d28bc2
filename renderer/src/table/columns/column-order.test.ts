import { describe, expect, it } from 'vitest';
import { moveAmongVisible } from './column-order';

const ORDER = ['name', 'email', 'phone', 'city'];
const visible = (...keys: string[]) => new Set(keys);

describe('moving a column among the visible ones', () => {
  it('moves one place when its neighbour is shown', () => {
    expect(moveAmongVisible(ORDER, visible(...ORDER), 'email', 1)).toEqual([
      'name',
      'phone',
      'email',
      'city',
    ]);
    expect(moveAmongVisible(ORDER, visible(...ORDER), 'email', -1)).toEqual([
      'email',
      'name',
      'phone',
      'city',
    ]);
  });

  it('passes over hidden neighbours, so the first press changes what is seen', () => {
    const shown = visible('name', 'city');
    expect(moveAmongVisible(ORDER, shown, 'name', 1)).toEqual(['email', 'phone', 'city', 'name']);
    expect(moveAmongVisible(ORDER, shown, 'city', -1)).toEqual(['city', 'name', 'email', 'phone']);
  });

  it('cannot move past the last visible column on either side', () => {
    const shown = visible('email', 'phone');
    expect(moveAmongVisible(ORDER, shown, 'email', -1)).toEqual(ORDER);
    expect(moveAmongVisible(ORDER, shown, 'phone', 1)).toEqual(ORDER);
    expect(moveAmongVisible(ORDER, shown, 'email', 1)).toEqual(['name', 'phone', 'email', 'city']);
  });
});
