/**
 * The screens a window went through, as the browser's history keeps pages: `at` is the one shown,
 * the screens after it are where Forward goes. Plain data and functions; useScreenTrail ties them to
 * `window.history`.
 */
export interface ScreenTrail<S> {
  screens: readonly S[];
  at: number;
  /** Whether the last move went back (a list gone back to gives the keyboard to the row it was left on). */
  wentBack: boolean;
}

export function firstTrail<S>(first: S): ScreenTrail<S> {
  return { screens: [first], at: 0, wentBack: false };
}

/**
 * The trail once `next` is shown after the screen shown (the screens ahead of it are forgotten), or
 * undefined when `next` is the screen shown (`same` says so): no new step.
 */
export function trailWith<S>(
  trail: ScreenTrail<S>,
  next: S,
  same: (a: S, b: S) => boolean,
): ScreenTrail<S> | undefined {
  const shown = trail.screens[trail.at];
  if (shown !== undefined && same(shown, next)) return undefined;
  return { screens: [...trail.screens.slice(0, trail.at + 1), next], at: trail.at + 1, wentBack: false };
}

/** The trail once the browser moved to step `at` (Back or Forward); unchanged for a step it never had. */
export function trailAt<S>(trail: ScreenTrail<S>, at: number): ScreenTrail<S> {
  return at < trail.screens.length ? { screens: trail.screens, at, wentBack: at < trail.at } : trail;
}

/** The screen shown, the one before it and the one after it (Forward), if there are. */
export function shownOf<S>(trail: ScreenTrail<S>): {
  screen: S;
  previous: S | undefined;
  next: S | undefined;
} {
  return {
    screen: trail.screens[trail.at] as S,
    previous: trail.at > 0 ? trail.screens[trail.at - 1] : undefined,
    next: trail.screens[trail.at + 1],
  };
}

/** The step a history entry of the window's own names, if it is one (anything else is ignored). */
export function stepOf(state: unknown): number | undefined {
  const at = (state as { screenAt?: unknown } | null)?.screenAt;
  return typeof at === 'number' && Number.isInteger(at) && at >= 0 ? at : undefined;
}
