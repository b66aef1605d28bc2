import { createContext, useContext, useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from './ModalDialog';

/** Whether the screen shown holds input the person has not saved (asked before it goes). */
const LeaveGuardContext = createContext<RefObject<boolean> | undefined>(undefined);
export const LeaveGuardProvider = LeaveGuardContext.Provider;

/** A form on screen says here whether it holds unsaved input: leaving the screen asks first. */
export function useLeaveGuard(unsaved: boolean): void {
  const unsavedRef = useContext(LeaveGuardContext);
  useEffect(() => {
    if (!unsavedRef || !unsaved) return;
    unsavedRef.current = true;
    // Closing the window or the tab (or reloading it) with input unsaved: the browser asks too.
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => {
      unsavedRef.current = false;
      window.removeEventListener('beforeunload', ask);
    };
  }, [unsavedRef, unsaved]);
}

/**
 * Asks before input typed and not saved is lost (a connection's form, its secret too): Keep
 * editing (the default, and Esc) or Discard, which carries out the move that was asked.
 */
export function ConfirmLeave({ onDiscard, onKeep }: { onDiscard: () => void; onKeep: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const discard = useRef(false);
  return (
    <ModalDialog
      dialog={dialog}
      className="confirm-leave"
      title={t('leave.title')}
      onClose={() => (discard.current ? onDiscard() : onKeep())}
    >
      <p>{t('leave.body')}</p>
      <div className="dialog-buttons">
        <button type="button" autoFocus onClick={() => dialog.current?.close()}>
          {t('leave.keep')}
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => {
            discard.current = true;
            dialog.current?.close();
          }}
        >
          {t('leave.discard')}
        </button>
      </div>
    </ModalDialog>
  );
}
