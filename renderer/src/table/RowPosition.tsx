import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { placeRows } from './grid/row-window';
import type { RowPlace } from './grid/row-viewport';

export interface RowPositionProps {
  /** Where the grid's rows stand, told by the rows' scroll follower. */
  place: RowPlace;
  /** The view's row count when the API said it; else the text names the rows known so far. */
  total: number | undefined;
  numbers: Intl.NumberFormat;
}

/**
 * Which rows are on screen, of how many ("Rows 24,412–24,438 of 100,000"). It follows the scroll
 * without rendering: the rows' scroll follower tells it where the rows stand, from values it has
 * already read, and it writes its own text only when that changes (docs/architecture.md, "Drawing
 * the rows"); reading the layout here would force one per frame. Not a live region: a screen
 * reader would read it out at every step of a scroll.
 */
export function RowPosition({ place, total, numbers }: RowPositionProps) {
  const { t } = useTranslation();
  const text = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let shown = '';
    return place.listen((input) => {
      const { first, last } = placeRows({ ...input, overscan: 0 });
      // A scroll that leaves the same rows on screen writes nothing.
      const said = `${first}:${last}:${input.rowCount}`;
      if (said === shown || !text.current) return;
      shown = said;
      text.current.textContent =
        last < first
          ? t('table.noRows')
          : t(
              total === undefined
                ? 'table.positionUnknown'
                : first === last
                  ? 'table.positionOne'
                  : 'table.position',
              {
                first: numbers.format(first + 1),
                last: numbers.format(last + 1),
                total: numbers.format(total ?? input.rowCount),
              },
            );
    });
  }, [place, total, numbers, t]);
  return <span ref={text} className="row-position" data-testid="row-position" />;
}
