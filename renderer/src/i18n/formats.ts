import type { i18n } from 'i18next';

/** The formats the catalogs use beside i18next's own (`{{table, lowercase}}`, `{{name, inner}}`). */
export function addFormats(instance: i18n): void {
  // "Exporter les contrats de ce client": a label inside a sentence, in the sentence's case.
  instance.services.formatter?.add('lowercase', (value: unknown, lng: string | undefined) =>
    String(value).toLocaleLowerCase(lng),
  );
  // French quotes « » around a value that holds quotes of its own (a view named « actifs »): those
  // become “ ”, as French sets a quote inside a quote.
  instance.services.formatter?.add('inner', (value: unknown) =>
    String(value).replace(/«\s*/gu, '“').replace(/\s*»/gu, '”'),
  );
}
