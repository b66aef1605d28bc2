import { useCallback, useEffect, useRef, useState } from 'react';
import { firstTrail, shownOf, stepOf, trailAt, trailWith, type ScreenTrail } from './screen-trail';

/**
 * The window's screen trail (screen-trail.ts) kept in the browser's history: a new screen is a
 * history entry (`history.pushState`), so the browser's Back and Forward (and Electron's, and the
 * mouse's back button) move through them as the app's own Back does, which is `history.back()`.
 * `same` tells a screen that is the one shown (clicking the list already shown adds no entry).
 */
export function useScreenTrail<S>(first: S, same: (a: S, b: S) => boolean) {
  const [trail, setTrail] = useState<ScreenTrail<S>>(() => firstTrail(first));
  const latest = useRef(trail);
  useEffect(() => {
    latest.current = trail;
  });

  useEffect(() => {
    window.history.replaceState({ ...(window.history.state as object | null), screenAt: 0 }, '');
    const onPop = (event: PopStateEvent) => {
      const at = stepOf(event.state);
      if (at !== undefined) setTrail((current) => trailAt(current, at));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  /** Shows `next`, after the screen shown (the screens that were ahead of it are forgotten). */
  const go = useCallback(
    (next: S) => {
      const moved = trailWith(latest.current, next, same);
      if (!moved) return;
      window.history.pushState({ screenAt: moved.at }, '');
      latest.current = moved;
      setTrail(moved);
    },
    [same],
  );
  /** Goes back through the browser's history, as its Back button does. */
  const back = useCallback(() => window.history.back(), []);
  /** Goes on again after a Back, as the browser's Forward button does. */
  const forward = useCallback(() => window.history.forward(), []);

  /** The screen shown now, whatever render asks (an answer that comes later must judge by it). */
  const shownNow = useCallback(() => shownOf(latest.current).screen, []);

  return { ...shownOf(trail), wentBack: trail.wentBack, go, back, forward, shownNow };
}
