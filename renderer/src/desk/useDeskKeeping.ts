import { useCallback, useEffect, useRef } from 'react';
import type { Desk } from '@shared/desk';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { DeskKeeper } from './desk-keeper';

/**
 * Keeps the window's desk under `key` (docs/decisions/0009-session-restore.md): `current` says what
 * it is now; the returned function is called when it changed (a scroll, a new screen). Written a
 * moment after the last change, and at once when the page goes away (reload, window closed).
 */
export function useDeskKeeping(key: string, current: () => Desk | undefined): () => void {
  const api = useApi();
  const now = useRef(current);
  const keeper = useRef<DeskKeeper | undefined>(undefined);
  useEffect(() => {
    now.current = current;
  });
  useEffect(() => {
    const made = new DeskKeeper(
      () => now.current(),
      (desk) => call(api, 'desk.put', { key, desk }),
    );
    keeper.current = made;
    const flush = () => made.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      made.stop();
      keeper.current = undefined;
    };
  }, [api, key]);
  return useCallback(() => keeper.current?.changed(), []);
}
