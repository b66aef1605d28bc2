import { useCallback, useEffect, useRef, useState } from 'react';

/** Where the window's own entries in the browser's history say they stand in the trail. */
interface TrailState {
  screenAt: number;
}

function atOf(state: unknown): number | undefined {
  const at = (state as Partial<TrailState> | null)?.screenAt;
  return typeof at === 'number' && Number.isInteger(at) && at >= 0 ? at : undefined;
}

/**
 * The screens a window went through, kept as the browser's history keeps pages: a new screen is a
 * history entry (`history.pushState`), so the browser's Back and Forward (and Electron's, and the
 * mouse's back button) move through them as the app's own Back does, which is `history.back()`.
 * `same` tells a screen that is the one shown (clicking the list already shown adds no entry).
 */
export function useScreenTrail<S>(first: S, same: (a: S, b: S) => boolean) {
  const [trail, setTrail] = useState<{ screens: S[]; at: number; wentBack: boolean }>(() => ({
    screens: [first],
    at: 0,
    wentBack: false,
  }));
  const latest = useRef(trail);
  useEffect(() => {
    latest.current = trail;
  });

  useEffect(() => {
    window.history.replaceState(
      { ...(window.history.state as object | null), screenAt: 0 } satisfies TrailState,
      '',
    );
    const onPop = (event: PopStateEvent) => {
      const at = atOf(event.state);
      if (at === undefined) return;
      setTrail((current) =>
        at < current.screens.length ? { screens: current.screens, at, wentBack: at < current.at } : current,
      );
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  /** Shows `next`, after the screen shown (the screens that were ahead of it are forgotten). */
  const go = useCallback(
    (next: S) => {
      const { screens, at } = latest.current;
      const shown = screens[at];
      if (shown !== undefined && same(shown, next)) return;
      window.history.pushState({ screenAt: at + 1 } satisfies TrailState, '');
      const moved = { screens: [...screens.slice(0, at + 1), next], at: at + 1, wentBack: false };
      latest.current = moved;
      setTrail(moved);
    },
    [same],
  );

  /** The screen before the one shown, if there is one. */
  const previous = trail.at > 0 ? trail.screens[trail.at - 1] : undefined;
  /** Goes back to it through the browser's history, as its Back button does. */
  const back = useCallback(() => window.history.back(), []);

  return { screen: trail.screens[trail.at] as S, wentBack: trail.wentBack, previous, go, back };
}
