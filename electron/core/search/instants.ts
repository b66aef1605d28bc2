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

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const MINUTES_A_DAY = 1_440;
/** Days from 1970 to 2149. */
const NEAR_DAYS = 65_536;
/** Digits of a date-time that a search reads (search.ts, digitsOf): its date's 8 and its time's 4 (hours, minutes). */
const DATE_DIGITS = 8;
const TIME_DIGITS = 4;

/**
 * Whether a sequence of digits lies in an instant's digits as a search reads them ("YYYYMMDDHHmm":
 * search.ts finds a date-time by its date, hours and minutes), answered without writing each
 * instant out: the digits are its day's 8 then its minute's 4, so the sequence lies in the day's,
 * in the minute's, or across both, its first k digits ending the day's and the others starting the
 * minute's. Each day seen and each of the 1,440 minutes is judged once, as bits: bit 0 "whole
 * inside", bit k "can be the first k digits of a sequence across".
 */
export class InstantDigits {
  /** Each day's bits, by days since 1970 (the dates of most lists: a look-up, not a map), -1 unknown; a map for the others. */
  private readonly nearDays = new Int16Array(NEAR_DAYS).fill(-1);
  private readonly farDays = new Map<number, number>();
  private readonly minutes = new Int32Array(MINUTES_A_DAY);

  /** Whether any date-time's digits can hold the sequence (a phone's never do: no month 59). */
  readonly possible: boolean;

  constructor(private readonly sequence: string) {
    this.possible = couldBeInDateTime(sequence);
    for (let minute = 0; minute < MINUTES_A_DAY; minute++) {
      const digits = String(Math.floor(minute / 60) * 100 + (minute % 60)).padStart(TIME_DIGITS, '0');
      let bits = digits.includes(sequence) ? 1 : 0;
      for (const k of this.splits()) if (digits.startsWith(sequence.slice(k))) bits |= 1 << k;
      this.minutes[minute] = bits;
    }
  }

  /** Where a sequence can be cut between a day's digits and a minute's. */
  private *splits(): Generator<number> {
    const length = this.sequence.length;
    for (let k = Math.max(1, length - TIME_DIGITS); k <= Math.min(DATE_DIGITS, length - 1); k++) yield k;
  }

  matches(at: number): boolean {
    if (Number.isNaN(at) || this.sequence.length > DATE_DIGITS + TIME_DIGITS) return false;
    const day = Math.floor(at / DAY_MS);
    const near = day >= 0 && day < NEAR_DAYS;
    let dayBits = near ? (this.nearDays[day] ?? -1) : (this.farDays.get(day) ?? -1);
    if (dayBits < 0) {
      dayBits = this.dayBits(day);
      if (near) this.nearDays[day] = dayBits;
      else this.farDays.set(day, dayBits);
    }
    const minuteBits = this.minutes[Math.floor((at - day * DAY_MS) / MINUTE_MS)] ?? 0;
    return (dayBits & 1) !== 0 || (minuteBits & 1) !== 0 || (dayBits & minuteBits) !== 0;
  }

  private dayBits(day: number): number {
    const digits = new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
    let bits = digits.includes(this.sequence) ? 1 : 0;
    for (const k of this.splits()) if (digits.endsWith(this.sequence.slice(0, k))) bits |= 1 << k;
    return bits;
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
