import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../shared/api-rules.js';

/**
 * The language to answer in, from an Accept-Language header (RFC 9110 §12.5.4): the supported
 * language with the highest weight; `en` when none is acceptable or the header is absent.
 */
export function negotiateLanguage(header: string | undefined): Language {
  let best: { language: Language; weight: number } | undefined;
  for (const part of (header ?? '').split(',')) {
    const [range = '', ...parameters] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0] ?? '';
    const language = LANGUAGES.find((known) => known === primary);
    if (!language) continue;
    const qParameter = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    if (!Number.isFinite(weight) || weight <= 0 || weight > 1) continue;
    if (!best || weight > best.weight) best = { language, weight };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}
