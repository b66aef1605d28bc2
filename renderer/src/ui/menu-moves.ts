/**
 * Where the focus goes in a menu at a key (WAI-ARIA menu pattern): the arrows step to the next
 * item that can be chosen, wrapping at either end; Home and End go to the first and last. Items
 * that cannot be chosen are passed over. Undefined for a key that does not move.
 */
export function menuMove(key: string, current: number, enabled: readonly boolean[]): number | undefined {
  const count = enabled.length;
  if (!enabled.some(Boolean)) return undefined;
  const step = (from: number, by: 1 | -1) => {
    let at = from;
    do at = (at + by + count) % count;
    while (!enabled[at]);
    return at;
  };
  switch (key) {
    case 'ArrowDown':
      return step(current, 1);
    case 'ArrowUp':
      return step(current < 0 ? 0 : current, -1);
    case 'Home':
      return step(-1, 1);
    case 'End':
      return step(0, -1);
    default:
      return undefined;
  }
}

/** Where a menu of `size` opened at `at` stands so that it stays inside `room` (flipped or moved in). */
export function menuPlace(
  at: { x: number; y: number },
  size: { width: number; height: number },
  room: { width: number; height: number },
): { left: number; top: number } {
  const left = at.x + size.width <= room.width ? at.x : Math.max(0, at.x - size.width);
  const top = at.y + size.height <= room.height ? at.y : Math.max(0, room.height - size.height);
  return { left, top };
}
