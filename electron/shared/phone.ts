import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * Phone numbers as people write them (docs/architecture.md, "Search"): a record's phone is found
 * by the digits of every usual way of writing it — international ("+33 7 40 05 64 73"), with the
 * international call prefix ("0033 7 40 05 64 73") and national ("07 40 05 64 73") — so a caller
 * read out in any of them finds it. The numbering rules come from libphonenumber-js.
 */

/**
 * The region a phone written without its country code is read in, when the record names no
 * country: the support desk's own. A record with a `country` (ISO 3166 code) is read in its own.
 */
export const DEFAULT_PHONE_REGION: CountryCode = 'FR';

/**
 * The phone-like values of one record read as phones, at most: a customer has a phone, a mobile, a
 * fax. An API whose records have hundreds of values written as phones would otherwise cost a parse
 * each (some 20 µs), and a page of 500 such records a second of work.
 */
export const PHONES_PER_RECORD = 4;

/** A value that may be a phone: it starts as one is written and holds nothing but a phone's characters. */
const PHONE_LIKE = /^[+0(][\d\s().\-/]*$/;
/** An ISO date starts with a year: never a phone, however its digits read. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
const MIN_DIGITS = 6;
const MAX_DIGITS = 17;

/** The two-letter country a record names, as libphonenumber-js takes it. */
function regionOf(country: unknown): CountryCode {
  return typeof country === 'string' && /^[A-Za-z]{2}$/.test(country)
    ? (country.toUpperCase() as CountryCode)
    : DEFAULT_PHONE_REGION;
}

/** Whether `value` is written as a phone may be (its characters, its count of digits): only such values are parsed. */
export function mayBePhone(value: string): boolean {
  if (!PHONE_LIKE.test(value) || ISO_DATE.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= MIN_DIGITS && digits <= MAX_DIGITS;
}

/**
 * The digits of the other ways of writing `value` when it is a phone number (read in the record's
 * `country`, or DEFAULT_PHONE_REGION): international, with the "00" call prefix and national, each
 * once and never the value's own digits. None for a value that is not a possible phone number.
 */
export function phoneDigitVariants(value: string, country?: unknown): string[] {
  if (!mayBePhone(value)) return [];
  const own = value.replace(/\D/g, '');
  const phone = parsePhoneNumberFromString(value, regionOf(country));
  if (!phone?.isPossible()) return [];
  const international = phone.number.slice(1);
  const national = phone.formatNational().replace(/\D/g, '');
  return [...new Set([international, `00${international}`, national])].filter((digits) => digits !== own);
}
