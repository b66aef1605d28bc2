import { describe, expect, it } from 'vitest';
import { menuMove, menuPlace } from './menu-moves';

describe('moving in a menu', () => {
  const enabled = [true, false, true, true];
  it('steps over items that cannot be chosen, and wraps', () => {
    expect(menuMove('ArrowDown', 0, enabled)).toBe(2);
    expect(menuMove('ArrowDown', 3, enabled)).toBe(0);
    expect(menuMove('ArrowUp', 2, enabled)).toBe(0);
    expect(menuMove('ArrowUp', 0, enabled)).toBe(3);
  });
  it('goes to the first and last that can be chosen', () => {
    expect(menuMove('Home', 3, [false, true, true, false])).toBe(1);
    expect(menuMove('End', 0, [false, true, true, false])).toBe(2);
  });
  it('does not move on other keys, or when nothing can be chosen', () => {
    expect(menuMove('a', 0, enabled)).toBeUndefined();
    expect(menuMove('ArrowDown', 0, [false, false])).toBeUndefined();
  });
});

describe('where a menu stands', () => {
  const room = { width: 1000, height: 700 };
  const size = { width: 240, height: 300 };
  it('opens at the pointer when it fits', () => {
    expect(menuPlace({ x: 100, y: 100 }, size, room)).toEqual({ left: 100, top: 100 });
  });
  it('opens to the left near the right edge, and moves up near the bottom', () => {
    expect(menuPlace({ x: 900, y: 600 }, size, room)).toEqual({ left: 660, top: 400 });
  });
});
