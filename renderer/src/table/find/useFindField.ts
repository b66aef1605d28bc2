import { useEffect, useRef, useState, type RefObject } from 'react';
import type { RequestInput, RequestOutputs } from '@shared/contract/contract';
import { call } from '../../api/call';
import { useApi } from '../../api/context';
import { newRequestId } from '../../api/request-ids';

/** Keys typed this close together are one find: the list is searched once they pause. */
const TYPING_PAUSE_MS = 120;

/**
 * The find's field: open or not, what is typed, the words once typing pauses, shown (each time
 * asked, the keyboard goes to the field: FindBar does) and closed (the keyboard back to the grid).
 */
export function useFindField(scope: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const [focusAsked, setFocusAsked] = useState(0);
  const [text, setText] = useState('');
  const [words, setWords] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setWords(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const show = () => {
    setOpen(true);
    setFocusAsked((asked) => asked + 1);
  };
  const close = () => {
    setOpen(false);
    setText('');
    scope.current?.querySelector<HTMLElement>('[role="grid"]')?.focus({ preventScroll: true });
  };
  return { open, focusAsked, text, setText, words, show, close };
}

type FindInput = Omit<RequestInput<'search.find'>, 'requestId'>;

/**
 * Asks core for a find's answer (`search.find`); a question asked replaces the one before, which is
 * cancelled, and only the latest is answered: `found`, or the `failure` that stopped it; undefined
 * for one replaced.
 */
export function useFindAsk() {
  const api = useApi();
  const asking = useRef<string | undefined>(undefined);
  return async (
    input: FindInput,
  ): Promise<{ found: RequestOutputs['search.find'] } | { failure: unknown } | undefined> => {
    if (asking.current) void api.invoke('data.cancel', { requestId: asking.current });
    const requestId = newRequestId('find');
    asking.current = requestId;
    try {
      const found = await call(api, 'search.find', { ...input, requestId });
      return asking.current === requestId ? { found } : undefined;
    } catch (failure) {
      return asking.current === requestId ? { failure } : undefined;
    } finally {
      if (asking.current === requestId) asking.current = undefined;
    }
  };
}
