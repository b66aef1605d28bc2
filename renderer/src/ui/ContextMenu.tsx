import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { menuMove, menuPlace } from './menu-moves';

/** An item of a context menu: its words, what it does, and whether it can be chosen now. */
export interface MenuItem {
  key: string;
  label: string;
  run: () => void;
  disabled?: boolean;
}

/**
 * A context menu (WAI-ARIA menu pattern): opened at a point, its first item focused; the arrows,
 * Home and End move, Enter or a click chooses, Escape, Tab, a click elsewhere or leaving the
 * window close it. Drawn on the page's body: a box with `contain` (the grid) would hold a fixed
 * element inside it.
 */
export function ContextMenu({
  label,
  items,
  at,
  onClose,
}: {
  label: string;
  items: readonly MenuItem[];
  at: { x: number; y: number };
  onClose: () => void;
}) {
  const menu = useRef<HTMLUListElement>(null);
  const enabled = items.map((item) => !item.disabled);
  const [focused, setFocused] = useState(() => menuMove('Home', -1, enabled) ?? -1);
  const [place, setPlace] = useState({ left: at.x, top: at.y });
  useLayoutEffect(() => {
    const box = menu.current?.getBoundingClientRect();
    if (box) setPlace(menuPlace(at, box, { width: window.innerWidth, height: window.innerHeight }));
  }, [at]);
  useEffect(() => {
    menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focused]?.focus();
  }, [focused]);
  useEffect(() => {
    const away = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', away, true);
    window.addEventListener('blur', onClose);
    return () => {
      document.removeEventListener('mousedown', away, true);
      window.removeEventListener('blur', onClose);
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    // The menu's keys are its own: not a move of the grid behind it, nor the app's Back.
    event.stopPropagation();
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
      return;
    }
    const next = menuMove(event.key, focused, enabled);
    if (next === undefined) return;
    event.preventDefault();
    setFocused(next);
  };
  return createPortal(
    <ul
      ref={menu}
      role="menu"
      aria-label={label}
      className="context-menu"
      style={place}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {items.map((item, position) => (
        <li key={item.key} role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={position === focused ? 0 : -1}
            disabled={item.disabled}
            onClick={() => {
              onClose();
              item.run();
            }}
          >
            {item.label}
          </button>
        </li>
      ))}
    </ul>,
    document.body,
  );
}
