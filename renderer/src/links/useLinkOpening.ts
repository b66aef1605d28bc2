import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { parseLink, type LinkAction, type ParsedLink } from '@shared/links';
import { call } from '../api/call';
import { useApi } from '../api/context';
import { failureLine } from '../ui/describe-failure';
import { useSelectConnection } from '../data/mutations';
import { profilesQuery } from '../data/queries';
import { connectionNamed } from './link-target';

export interface LinkOpening {
  /** The link the window's address carried (the browser host's), opened first. */
  initial?: string;
  /** The connection the window shows now. */
  connectionId: string | undefined;
  /** Opens what a link names, once its connection is the window's. */
  open: (link: LinkAction) => void;
  /** Says why a link opened nothing (a locale key and its values), or clears what was said. */
  tell: (said: { key: string; values?: Record<string, string> } | undefined) => void;
}

/**
 * Opens the cdb:// links the app hands this window (docs/decisions/0010-links.md): the one its
 * address carried, those kept while it started (`links.take`, once), then each as it comes
 * (`link.open`). A link's connection is found by its name and chosen; a refused link, an unknown
 * connection or a failure opens nothing, asks no API for the link, and is said.
 */
export function useLinkOpening({ initial, connectionId, open, tell }: LinkOpening): void {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const client = useQueryClient();
  const selectConnection = useSelectConnection();
  const openLink = async (parsed: ParsedLink) => {
    if (!parsed.ok) return tell({ key: 'links.refused', values: { problem: parsed.problem } });
    const { link } = parsed;
    const id = connectionNamed(link.connection, await client.fetchQuery(profilesQuery(api)));
    if (id === undefined) return tell({ key: 'links.unknownConnection', values: { name: link.connection } });
    if (id !== connectionId) await selectConnection.mutateAsync(id);
    tell(undefined);
    open(link);
  };
  const take = (parsed: ParsedLink) =>
    void openLink(parsed).catch((failure: unknown) =>
      tell({ key: 'links.failed', values: { reason: failureLine(t, i18n.language as Language, failure) } }),
    );
  // Read when a link comes: the window's connection and language then, not when it opened.
  const latest = useRef(take);
  useEffect(() => {
    latest.current = take;
  });
  useEffect(() => {
    let stopped = false;
    if (initial !== undefined) latest.current(parseLink(initial));
    void call(api, 'links.take', {}).then(
      (links) => links.forEach((parsed) => !stopped && latest.current(parsed)),
      () => undefined,
    );
    const stop = api.on('link.open', (parsed) => latest.current(parsed));
    return () => {
      stopped = true;
      stop();
    };
  }, [api, initial]);
}
