import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { rowsOnScreen } from './useRowViewport';

export interface RowPositionProps {
  scrollRef: RefObject<HTMLElement | null>;
  rowCount: number;
  rowHeight: number;
  /** The view's row count when the API said it, else the rows known so far are all that is said. */
  total: number | undefined;
  numbers: Intl.NumberFormat;
}

/**
 * Which rows are on screen, of how many ("Rows 24,412–24,438 of 100,000"). It follows the scroll
 * position by writing its own text at most once a frame, so scrolling renders nothing here
 * (docs/architecture.md, "Drawing the rows"); and it is not a live region: a screen reader would
 * otherwise read it out at every step of a scroll.
 */
export function RowPosition({ scrollRef, rowCount, rowHeight, total, numbers }: RowPositionProps) {
  const { t } = useTranslation();
  const text = useRef<HTMLSpanElement>(null);
  const say = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !text.current) return;
    const { first, last } = rowsOnScreen(element, rowCount, rowHeight);
    const said =
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
              total: numbers.format(total ?? rowCount),
            },
          );
    if (text.current.textContent !== said) text.current.textContent = said;
  }, [scrollRef, rowCount, rowHeight, total, numbers, t]);
  useLayoutEffect(say, [say]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    let frame = 0;
    const onChange = () => {
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          say();
        });
      }
    };
    element.addEventListener('scroll', onChange, { passive: true });
    const resized = new ResizeObserver(onChange);
    resized.observe(element);
    // The sticky header's height (its labels wrap in another language) changes how many rows show.
    if (element.firstElementChild) resized.observe(element.firstElementChild);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', onChange);
      resized.disconnect();
    };
  }, [scrollRef, say]);

  return <span ref={text} data-testid="row-position" />;
}
