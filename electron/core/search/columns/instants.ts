import type { ValueDictionary } from './value-dictionary.js';

/**
 * Date-times kept in 8 bytes: an ISO 8601 instant in UTC, as most APIs write `createdAt` and
 * `updatedAt`, is held as its epoch milliseconds when writing them back gives the same text again
 * (held-rows.ts); any other text stays text. Two shapes are known: with milliseconds (JavaScript's
 * own `toISOString`) and without.
 */
const WITH_MILLISECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const WITHOUT_MILLISECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** How a block's instants are written back: 0 with milliseconds, 1 without. */
export type InstantShape = 0 | 1;

/** The instant `text` writes in `shape`, when writing it back in that shape gives `text` again. */
export function instantOf(text: string, shape: InstantShape): number | undefined {
  if (!(shape === 0 ? WITH_MILLISECONDS : WITHOUT_MILLISECONDS).test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isFinite(at) && instantText(at, shape) === text ? at : undefined;
}

/** The shape `text` is written in, if it is an instant this store can keep. */
export function instantShapeOf(text: string): InstantShape | undefined {
  if (instantOf(text, 0) !== undefined) return 0;
  return instantOf(text, 1) !== undefined ? 1 : undefined;
}

export function instantText(at: number, shape: InstantShape): string {
  const text = new Date(at).toISOString();
  return shape === 0 ? text : `${text.slice(0, 19)}Z`;
}

/** A block's instants as a search reads them (block-columns.ts, InstantColumn). */
interface KeptInstants {
  days: Uint8Array | Uint16Array;
  times: Int32Array;
}

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const MINUTES_A_DAY = 1_440;
/** Digits of a date-time that a search reads (search.ts, digitsOf): its date's 8 and its time's 4 (hours, minutes). */
const DATE_DIGITS = 8;
const TIME_DIGITS = 4;

/**
 * Whether a sequence of digits lies in an instant's digits as a search reads them ("YYYYMMDDHHmm":
 * search.ts finds a date-time by its date, hours and minutes), answered without writing each
 * instant out: the digits are its day's 8 then its minute's 4, so the sequence lies in the day's,
 * in the minute's, or across both, its first k digits ending the day's and the others starting the
 * minute's. A day and each of the 1,440 minutes are judged once, as bits: bit 0 "whole inside",
 * bit k "can be the first k digits of a sequence across".
 */
export class InstantDigits {
  /** Whether any date-time's digits can hold the sequence (a phone's never do: no month 59). */
  readonly possible: boolean;
  private readonly minutes = new Int32Array(MINUTES_A_DAY);
  /** 1 when some minute's digits hold the whole sequence ("2020" at 20:20), whatever the day; else 0. */
  private readonly inMinute: 0 | 1;
  /** Where the sequence can be cut between a day's digits and a minute's: the k first digits, and the rest. */
  private readonly cuts: { k: number; head: string; tail: string }[] = [];

  constructor(private readonly sequence: string) {
    this.possible = couldBeInDateTime(sequence) && sequence.length <= DATE_DIGITS + TIME_DIGITS;
    const length = sequence.length;
    for (let k = Math.max(1, length - TIME_DIGITS); k <= Math.min(DATE_DIGITS, length - 1); k++)
      this.cuts.push({ k, head: sequence.slice(0, k), tail: sequence.slice(k) });
    for (let minute = 0; minute < MINUTES_A_DAY; minute++) {
      const digits = String(Math.floor(minute / 60) * 100 + (minute % 60)).padStart(TIME_DIGITS, '0');
      let bits = digits.includes(sequence) ? 1 : 0;
      for (const { k, tail } of this.cuts) if (digits.startsWith(tail)) bits |= 1 << k;
      this.minutes[minute] = bits;
    }
    this.inMinute = this.minutes.some((bits) => (bits & 1) !== 0) ? 1 : 0;
  }

  /** A day's bits, from its digits ("YYYYMMDD"; none: no bits). */
  dayBits(digits: string): number {
    if (!digits) return 0;
    let bits = digits.includes(this.sequence) ? 1 : 0;
    for (const { k, head } of this.cuts) if (digits.endsWith(head)) bits |= 1 << k;
    return bits;
  }

  /** Whether an instant of a day of `dayBits`, `time` milliseconds into it, holds the sequence. */
  holds(dayBits: number, time: number): boolean {
    if (dayBits & 1) return true;
    const wanted = dayBits | this.inMinute;
    return wanted !== 0 && ((this.minutes[Math.floor(time / MINUTE_MS)] ?? 0) & wanted) !== 0;
  }

  /**
   * Marks the rows in [`from`, `to`) of `kept` whose instant holds the sequence (`holds`), `dayBits`
   * the bits of each of its days: a loop of its own, for the compiler.
   */
  mark(kept: KeptInstants, dayBits: Int32Array, from: number, to: number, marks: Uint8Array): void {
    const { days, times } = kept;
    for (let row = from; row < to; row++) {
      const time = times[row]!;
      if (!marks[row] && time >= 0 && this.holds(dayBits[days[row]!]!, time)) marks[row] = 1;
    }
  }

  /** As `mark`, for the first `count` rows of `rows` (the rows a search still has). */
  markIn(kept: KeptInstants, dayBits: Int32Array, rows: Int32Array, count: number, marks: Uint8Array): void {
    const { days, times } = kept;
    for (let index = 0; index < count; index++) {
      const row = rows[index]!;
      const time = times[row]!;
      if (!marks[row] && time >= 0 && this.holds(dayBits[days[row]!]!, time)) marks[row] = 1;
    }
  }

  /** Whether the instant `at` holds the sequence. */
  matches(at: number): boolean {
    if (!this.possible || Number.isNaN(at)) return false;
    const day = Math.floor(at / DAY_MS);
    return this.holds(this.dayBits(dateDigits(day)), at - day * DAY_MS);
  }
}

/** The highest digit each place of "YYYYMMDDHHmm" can hold: a month's first is 0 or 1, a day's 0 to 3, an hour's 0 to 2, a minute's 0 to 5. */
const HIGHEST_DIGIT = '999919392959';

/** Whether `sequence` fits somewhere in a date-time's digits, place by place (a quick test that rules most phones out). */
function couldBeInDateTime(sequence: string): boolean {
  for (let at = 0; at + sequence.length <= HIGHEST_DIGIT.length; at++) {
    let fits = true;
    for (let index = 0; index < sequence.length && fits; index++)
      fits = (sequence[index] ?? '9') <= (HIGHEST_DIGIT[at + index] ?? '0');
    if (fits) return true;
  }
  return false;
}

/** The digits of each day of `days` (a dictionary of days: list-columns.ts), by code, written once for every search after. */
export function dayDigitsOf(days: ValueDictionary): readonly string[] {
  const digits = DAY_DIGITS.get(days) ?? [];
  DAY_DIGITS.set(days, digits);
  for (let code = digits.length; code < days.size; code++) {
    const day = days.values[code];
    digits.push(typeof day === 'number' ? dateDigits(day) : '');
  }
  return digits;
}

const DAY_DIGITS = new WeakMap<ValueDictionary, string[]>();

/**
 * "YYYYMMDD" of a day counted from 1970-01-01, by arithmetic (H. Hinnant's civil_from_days): a
 * search meets thousands of days, and writing each out through Date costs ten times more.
 */
function dateDigits(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1_460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}${String(month).padStart(2, '0')}${String(dayOfMonth).padStart(2, '0')}`;
}
