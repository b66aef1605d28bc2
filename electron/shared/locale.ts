import type { Language } from './api-rules.js';

/**
 * How each language writes, in one table: the BCP 47 locale numbers and dates are written in (the
 * UI, exports, the PDF, messages); what follows a label ("Status: 3", « Statut : 3 », with French's
 * no-break space); the cell separator a spreadsheet of that language expects in text pasted or
 * opened (French Excel reads `;`, as its decimal comma takes `,`).
 */
const WRITING: Record<Language, { locale: string; labelEnd: string; cellSeparator: ',' | ';' }> = {
  en: { locale: 'en-GB', labelEnd: ': ', cellSeparator: ',' },
  fr: { locale: 'fr-FR', labelEnd: '\u00a0: ', cellSeparator: ';' },
};

/** The BCP 47 locale the app writes numbers and dates in for `language`. */
export const localeOf = (language: Language): string => WRITING[language].locale;

/** What follows a label in `language`, before its value. */
export const labelEndOf = (language: Language): string => WRITING[language].labelEnd;

/** The cell separator a spreadsheet in `language` expects. */
export const cellSeparatorOf = (language: Language): ',' | ';' => WRITING[language].cellSeparator;
