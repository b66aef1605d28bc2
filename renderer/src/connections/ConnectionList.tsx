import { useTranslation } from 'react-i18next';
import type { ProfileSummary } from '@shared/contract/connection-requests';

/** The saved connections to pick from (and "New"), the one in use said so. */
export function ConnectionList({
  profiles,
  selectedId,
  inUseId,
  onPick,
}: {
  profiles: readonly ProfileSummary[];
  selectedId: string | undefined;
  inUseId: string | undefined;
  onPick: (profile: ProfileSummary | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="connection-list">
      <li>
        <button type="button" aria-pressed={selectedId === undefined} onClick={() => onPick(undefined)}>
          {t('connections.new')}
        </button>
      </li>
      {profiles.map((profile) => (
        <li key={profile.id}>
          <button type="button" aria-pressed={selectedId === profile.id} onClick={() => onPick(profile)}>
            {profile.name}
            {inUseId === profile.id && ` · ${t('connections.inUse')}`}
          </button>
        </li>
      ))}
      <li className="demo-note">{t('connections.demoNote')}</li>
    </ul>
  );
}
