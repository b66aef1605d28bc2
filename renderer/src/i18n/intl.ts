import type { Language } from '@shared/api-rules';
import { localeOf } from '@shared/locale';

// Making an Intl formatter costs about a millisecond (its locale data is looked up and copied);
// the toolbars and status lines that format render at every key typed in a search, so each
// formatter is made once per language and options, and kept.

type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat | Intl.RelativeTimeFormat;

const made = new Map<string, Formatter>();

function once<F extends Formatter>(key: string, make: () => F): F {
  const known = made.get(key) as F | undefined;
  if (known) return known;
  const format = make();
  made.set(key, format);
  return format;
}

/** The number formatter of `language` with `options`, made once. */
export function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = localeOf(language);
  return once(`number ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** The date and time formatter of `language` with `options`, made once. */
export function dateTimeFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = localeOf(language);
  return once(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** The list formatter of `language` with `options` ("Ctrl+F or F3"), made once. */
export function listFormat(language: Language, options: Intl.ListFormatOptions = {}): Intl.ListFormat {
  const locale = localeOf(language);
  return once(`list ${locale} ${JSON.stringify(options)}`, () => new Intl.ListFormat(locale, options));
}

/**
 * The relative time formatter of `language` ("12 days ago", « dans 3 jours »; with `numeric: 'auto'`,
 * "today"), made once.
 */
export function relativeTimeFormat(
  language: Language,
  numeric: Intl.RelativeTimeFormatNumeric = 'always',
): Intl.RelativeTimeFormat {
  const locale = localeOf(language);
  return once(`relative ${locale} ${numeric}`, () => new Intl.RelativeTimeFormat(locale, { numeric }));
}

/**
 * Loads the browser's locale data, which the first formatter of a page waits for (25 ms in Chromium
 * on this project's machines, whichever formatter comes first), while the window's first requests
 * are out and the main thread would be idle: the first render then formats at once.
 */
export function warmFormats(): void {
  numberFormat('en');
}
