import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

/**
 * A modal dialog opened over the app (every one of the app's is one): titled for screen readers, Esc closes it, and
 * on closing the keyboard goes back to what had it before (a table's grid, a field), so a command run
 * from the dialog acts where the person was (`onClose` is called once it is there). Its contents
 * close it through `dialog` (`dialog.current.close()`).
 */
export function ModalDialog({
  dialog,
  className,
  title,
  describedBy,
  onClose,
  children,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  className: string;
  title: string;
  /** The id of what says more of it than its title, read when it opens. */
  describedBy?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const before = useRef<Element | null>(null);
  const titleId = useId();
  useEffect(() => {
    before.current = document.activeElement;
    dialog.current?.showModal();
  }, [dialog]);
  return (
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={() => {
        const back = before.current;
        if (back instanceof HTMLElement && back.isConnected) back.focus({ preventScroll: true });
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
