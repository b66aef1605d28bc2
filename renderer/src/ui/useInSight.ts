import { useEffect } from 'react';

/**
 * Keeps the element with id `id` in sight as it changes: the option a list's arrows reach, in a
 * list longer than its box (the command box, the top bar's customers).
 */
export function useInSight(id: string | undefined): void {
  useEffect(() => {
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'nearest' });
  }, [id]);
}
