import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import { useCommand, useShortcutHint } from '../keyboard/commands';
import { failureLine } from '../ui/describe-failure';
import { useExports } from './exports-context';

/**
 * PDF: the customer's record (its fields, summary, every agreement and contact) written as a PDF
 * in the language shown, followed under Exports as an export is (its key and the command box too).
 */
export function RecordPdfButton({
  customerId,
  scope,
}: {
  customerId: string;
  scope: RefObject<HTMLElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const { startRecord, exports } = useExports();
  const [writing, setWriting] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const save = async () => {
    setFailed(undefined);
    try {
      // Named by its id: the audit log in the data folder keeps the path, and a customer's name
      // there, in clear, would list the customers an agent works on (decision 18).
      setWriting(await startRecord({ customerId, lang, fileName: `${customerId}.pdf` }));
    } catch (failure) {
      setFailed(t('customerRecord.failed', { reason: failureLine(t, lang, failure) }));
    }
  };
  // Said while it is written; then its line under Exports says where it went, or why not.
  const running = exports.some((item) => item.exportId === writing && item.state === 'running');
  const said = failed ?? (running ? t('customerRecord.started') : undefined);
  const label = t('shortcuts.names.customer.recordPdf');
  useCommand('customer.recordPdf', () => void save(), { scope, label });
  const hint = useShortcutHint('customer.recordPdf', label);
  return (
    <>
      <button type="button" {...hint} aria-label={label} onClick={() => void save()}>
        {t('customerRecord.button')}
      </button>
      <span className="hint" role="status">
        {said}
      </span>
    </>
  );
}
