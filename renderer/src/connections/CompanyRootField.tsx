import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { certificateBlocksOf, holdsPrivateKey } from '@shared/profile';

/** A company root file is a few certificates: more than this is not one. */
const LARGEST_FILE_BYTES = 256 * 1024;

/**
 * The company root a connection keeps (for offices whose proxy re-signs HTTPS with its own root):
 * a PEM file chosen here, trusted for this connection's API and token endpoint only. Says whether
 * one is kept; Remove leaves the system's certificates alone. A file that is not one is refused here,
 * in the user's language, before anything is saved.
 */
export function CompanyRootField({
  value,
  problem,
  onChange,
}: {
  value: string;
  problem?: string;
  onChange: (pem: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [refused, setRefused] = useState<string | undefined>();
  const shown = refused ?? problem;
  const count = certificateBlocksOf(value).length;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const text = file.size <= LARGEST_FILE_BYTES ? await file.text() : '';
    // A key beside the certificate (a "combined PEM") is refused, not quietly dropped: the person
    // learns they picked a key, which should not leave its owner.
    if (holdsPrivateKey(text)) {
      setRefused(t('connections.companyRootHasKey', { file: file.name }));
      return;
    }
    const certificates = certificateBlocksOf(text);
    if (!certificates.length) {
      setRefused(t('connections.companyRootNotPem', { file: file.name }));
      return;
    }
    setRefused(undefined);
    onChange(certificates.join('\n'));
  };
  return (
    <div className="form-field">
      <label htmlFor={id}>{t('connections.companyRoot')}</label>
      <input
        id={id}
        type="file"
        accept=".pem,.crt,.cer,application/x-pem-file"
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-state${shown ? ` ${id}-problem` : ''}`}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      <p id={`${id}-state`} className="hint">
        {count ? t('connections.companyRootKept', { count }) : t('connections.companyRootNone')}
        {count > 0 && (
          <>
            {' '}
            <button type="button" onClick={() => onChange('')}>
              {t('connections.companyRootRemove')}
            </button>
          </>
        )}
      </p>
      {shown && (
        <p id={`${id}-problem`} className="field-problem" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
