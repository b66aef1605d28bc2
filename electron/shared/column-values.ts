/**
 * A column's values over a view's rows (`search.values`), as its summary shows them: each value
 * with its count (the most frequent), the empty cells, and figures for numbers or dates.
 */
export interface ColumnValues {
  /** Rows of the view counted: the values' counts and the empty ones add up to it. */
  rows: number;
  empty: number;
  /** Distinct values (more than are listed when there are many). */
  distinct: number;
  /** The most frequent values, as the API gave them (a status by its code), each with its count. */
  values: { value: string | number; count: number }[];
  /** A column of numbers: their figures; amounts in one currency, or said to be in several. */
  numbers?: {
    count: number;
    sum: number;
    min: number;
    max: number;
    currency: string | null;
    severalCurrencies: boolean;
  };
  /** A column of dates: the first and the last, as the API wrote them. */
  dates?: { first: string; last: string };
}
