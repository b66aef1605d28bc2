import type { TFunction } from 'i18next';
import type { Language } from '@shared/api-rules';
import type { RequestOutputs } from '@shared/contract/contract';
import { numberFormat } from '../i18n/intl';
import { counted } from '../i18n/translations';

/**
 * What a connection's Test found, in a sentence: the first list it may read and its count, the
 * lists refused before it, and the route, as an office's IT asks for it (direct, on this computer
 * or through which proxy, each end's time, who issued the API's certificate).
 */
export function testResultText(
  t: TFunction,
  language: Language,
  { resource, count, notPermitted, route }: RequestOutputs['connection.test'],
): string {
  const works = t('connections.testOk', { what: counted(t, resource, count, numberFormat(language)) });
  const way = route.thisMachine
    ? t('connections.testRouteThisMachine')
    : route.proxy
      ? t('connections.testRouteProxy', { proxy: route.proxy })
      : t('connections.testRouteDirect');
  const timed =
    route.tokenMs === undefined
      ? t('connections.testTimesKept', { route: way, apiMs: route.apiMs })
      : t('connections.testTimes', { route: way, tokenMs: route.tokenMs, apiMs: route.apiMs });
  const routed = route.issuer ? `${timed} ${t('connections.testIssuer', { issuer: route.issuer })}` : timed;
  if (notPermitted.length === 0) return `${works} ${routed}`;
  const refused = notPermitted.map((list) => t(`search.lists.${list}`)).join(', ');
  return `${works} ${t('connections.testNotPermitted', { lists: refused })} ${routed}`;
}
