import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { customerIdSchema } from '../../../electron/shared/view';

/** Ctrl+O (⌘O) puts the keyboard in the field, from anywhere in the app. */
const SHORTCUT = 'o';

/**
 * "Open customer": a customer id, typed or pasted from a ticket, opens that customer's detail at
 * once through the per-customer routes — no list is read to find it. The id is checked with the
 * rules every customer id follows (electron/shared/view.ts); ids opened this session are offered
 * again (kept in memory only).
 */
export function OpenCustomer({ recent, onOpen }: { recent: string[]; onOpen: (customerId: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.key.toLowerCase() !== SHORTCUT) return;
      event.preventDefault();
      field.current?.focus();
      field.current?.select();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const open = (event: FormEvent) => {
    event.preventDefault();
    // A pasted id often comes with the spaces or the line break around it in the ticket.
    const wanted = text.trim();
    if (!wanted) {
      setProblem(t('openCustomer.empty'));
      return;
    }
    if (!customerIdSchema.safeParse(wanted).success) {
      setProblem(t('openCustomer.invalid', { id: wanted.slice(0, 60) }));
      return;
    }
    setProblem(undefined);
    setText('');
    onOpen(wanted);
  };

  return (
    <form className="open-customer" onSubmit={open}>
      {/* Named like the search box: its placeholder says what it takes, the label stays for screen readers. */}
      <label htmlFor={id} className="visually-hidden">
        {t('openCustomer.label')}
      </label>
      <input
        ref={field}
        id={id}
        value={text}
        list={`${id}-recent`}
        placeholder={t('openCustomer.placeholder')}
        title={t('openCustomer.hint')}
        aria-keyshortcuts="Control+O"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
      />
      <datalist id={`${id}-recent`}>
        {recent.map((customerId) => (
          <option key={customerId} value={customerId} />
        ))}
      </datalist>
      <button type="submit">{t('openCustomer.open')}</button>
      {problem && (
        <p id={`${id}-problem`} className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
