import type {
  AppApi,
  EventName,
  EventPayloads,
  RequestInput,
  RequestName,
  RequestOutputs,
  Result,
} from '@shared/contract/contract';
import {
  API_PATH,
  CALLER_HEADER,
  EVENTS_PATH,
  SESSION_HEADER,
  sseBlocks,
  sseEventOf,
} from '@shared/contract/wire';

import { setHostReachable } from './host-link';

const RECONNECT_MS = 1_000;
/** This tab's own name for the host: the requests it may cancel are its own (electron/shared/contract/wire.ts). */
const CALLER = crypto.randomUUID();

type AnyListener = (payload: unknown) => void;

/**
 * `window.api` in a browser: the contract over the browser host's HTTP (POST /api/<request>) and
 * its server-sent events (GET /api/events, read with fetch so the session token travels in a
 * header, not in a URL).
 */
export function createHostApi(token: string): AppApi {
  const listeners = new Map<EventName, Set<AnyListener>>();
  let streaming = false;
  // Set before the page's own `pagehide` listeners run (this one is added first, at start): the
  // calls they make as the page goes are sent to outlive it.
  let leaving = false;
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));

  const dispatchEvent = (block: string) => {
    const event = sseEventOf(block);
    if (!event) return;
    for (const listener of listeners.get(event.name as EventName) ?? []) listener(event.payload);
  };

  const stream = async () => {
    for (;;) {
      try {
        const response = await fetch(EVENTS_PATH, { headers: { [SESSION_HEADER]: token } });
        if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
        setHostReachable(true);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const { blocks, rest } = sseBlocks(buffer + value);
          buffer = rest;
          blocks.forEach(dispatchEvent);
        }
      } catch {
        // The host went away or restarted: try again shortly.
      }
      // The stream ended or never opened: the page says so until it opens again.
      setHostReachable(false);
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
  };

  return {
    async invoke<N extends RequestName>(name: N, input: RequestInput<N>): Promise<Result<RequestOutputs[N]>> {
      try {
        const response = await fetch(`${API_PATH}${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SESSION_HEADER]: token, [CALLER_HEADER]: CALLER },
          body: JSON.stringify(input),
          // A call made as the page goes (the tab's place) reaches the host though the page is
          // reloaded or closed. Only then: the browser allows 64 KiB of such calls in flight.
          keepalive: leaving,
        });
        return (await response.json()) as Result<RequestOutputs[N]>;
      } catch {
        setHostReachable(false);
        const failure: Result<never> = {
          ok: false,
          error: { code: 'network', message: 'the app is not answering: is the browser host still running?' },
        };
        return failure;
      }
    },
    on<E extends EventName>(name: E, listener: (payload: EventPayloads[E]) => void) {
      if (!streaming) {
        streaming = true;
        void stream();
      }
      const set = listeners.get(name) ?? new Set<AnyListener>();
      set.add(listener as AnyListener);
      listeners.set(name, set);
      return () => set.delete(listener as AnyListener);
    },
  };
}
