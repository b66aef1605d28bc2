import { useEffect, useRef, useState } from 'react';
import type { Restored } from '../desk/restore';

/** What the window says above its view: a translation key and its values. */
export interface Notice {
  key: string;
  values?: Record<string, string>;
}

/**
 * The notice above the window's view: why it opened where it did (`restored`), or why a link opened
 * nothing. A notice is about the screen it came with, `screen` then: it goes once the person moves
 * to another (the reopening's notice stayed above every page all day).
 */
export function useScreenNotice(
  restored: Pick<Restored, 'connectionGone' | 'typedLeftOut'>,
  screen: unknown,
): [Notice | undefined, (notice: Notice | undefined) => void] {
  const [notice, setNotice] = useState<Notice | undefined>(() =>
    restored.connectionGone
      ? { key: 'desk.connectionGone' }
      : restored.typedLeftOut
        ? { key: 'desk.typedLeftOut' }
        : undefined,
  );
  const shownOn = useRef<unknown>(undefined);
  useEffect(() => {
    shownOn.current = undefined;
  }, [notice]);
  useEffect(() => {
    if (!notice) return;
    shownOn.current ??= screen;
    if (shownOn.current !== screen) setNotice(undefined);
  }, [notice, screen]);
  return [notice, setNotice];
}
