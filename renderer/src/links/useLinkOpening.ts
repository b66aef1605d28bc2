import { useEffect, useRef } from 'react';
import { parseLink, type LinkAction, type ParsedLink } from '../../../electron/shared/links';
import { call } from '../api/call';
import { useApi } from '../api/context';

/**
 * Opens the cdb:// links the app hands this window (docs/decisions/0010-links.md): the one its
 * address carried (`initial`, the browser host's), those kept while it started (`links.take`, once),
 * then each as it comes (`link.open`). `open` receives each parsed link, or its refusal.
 */
export function useLinkOpening(open: (link: ParsedLink) => void, initial?: string): void {
  const api = useApi();
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(() => {
    let stopped = false;
    if (initial !== undefined) latest.current(parseLink(initial));
    void call(api, 'links.take', {}).then(
      (links) => links.forEach((link) => !stopped && latest.current(link)),
      () => undefined,
    );
    const stop = api.on('link.open', (link) => latest.current(link));
    return () => {
      stopped = true;
      stop();
    };
  }, [api, initial]);
}

export type { LinkAction, ParsedLink };
