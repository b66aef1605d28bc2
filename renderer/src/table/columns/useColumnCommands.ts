import { useQuery } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Resource } from '@shared/api-rules';
import { customerColumnNames } from '@shared/customer-columns';
import { useApi } from '../../api/context';
import { schemasQuery, useSession } from '../../data/queries';
import { useCommandBoxOpen, useCommandList } from '../../keyboard/commands';

/**
 * "Go to column …" in the command box, for each visible column: found by its name as shown and, once
 * the box is open, by its name in the other language (its schema asked then, once a session); listed
 * only for what is typed. Chosen, the active cell moves into the column and the grid shows it.
 */
export function useColumnCommands({
  resource,
  columns,
  scope,
  onGoTo,
}: {
  resource: Resource;
  /** The visible columns, in order. */
  columns: readonly { key: string; label: string }[];
  scope: RefObject<HTMLElement | null>;
  /** Makes the visible column at `position` the active one, and shows it. */
  onGoTo: (position: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const other = LANGUAGES.find((language) => language !== i18n.language) ?? LANGUAGES[0];
  const asked = schemasQuery(useApi(), useSession().data, other);
  const boxOpen = useCommandBoxOpen();
  const schemas = useQuery({ ...asked, enabled: boxOpen && asked.enabled !== false }).data?.schemas;
  const fieldsOf = (name: string) => schemas?.find((schema) => schema.resource === name)?.fields;
  const otherNames = new Map<string, string[]>(
    [
      ...(fieldsOf(resource) ?? []).map((field) => ({
        key: field.key,
        labels: field.label ? [field.label] : [],
      })),
      ...customerColumnNames([fieldsOf('customers')]),
    ].map(({ key, labels }) => [key, labels]),
  );
  useCommandList(
    columns.map(({ key, label }, position) => ({
      key: `column:${key}`,
      label: t('commands.goToColumn', { column: label }),
      aliases: otherNames.get(key) ?? [],
      typedOnly: true,
      run: () => onGoTo(position),
    })),
    { scope },
  );
}
