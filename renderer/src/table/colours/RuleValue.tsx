import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColourOp } from '@shared/colour-rules';
import type { FilterColumn } from '../columns/column-shapes';
import type { RuleDraft } from './rule-form';

/** A field of the form under its label (named by it alone: a label around a list would name it by its options too). */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <span className="rule-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </span>
  );
}

/** A rule's value as its condition takes it: one of a set, a number of days, one bound or two. */
export function RuleValue({
  id,
  op,
  column,
  draft,
  onDraft,
}: {
  id: string;
  op: ColourOp;
  column: FilterColumn | undefined;
  draft: RuleDraft;
  onDraft: (change: Partial<RuleDraft>) => void;
}) {
  const { t } = useTranslation();
  if (column?.values && op !== 'withinDays')
    return (
      <Field id={`${id}-value`} label={t('filter.value')}>
        <select
          id={`${id}-value`}
          value={draft.value}
          onChange={(event) => onDraft({ value: event.target.value })}
        >
          {column.values.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
    );
  const type =
    op === 'withinDays' || column?.kind === 'number' ? 'number' : column?.kind === 'date' ? 'date' : 'text';
  return (
    <>
      <Field
        id={`${id}-value`}
        label={t(op === 'withinDays' ? 'rules.days' : op === 'between' ? 'filter.from' : 'filter.value')}
      >
        <input
          id={`${id}-value`}
          type={type}
          step="any"
          min={op === 'withinDays' ? 0 : undefined}
          value={draft.value}
          onChange={(event) => onDraft({ value: event.target.value })}
        />
      </Field>
      {op === 'between' && (
        <Field id={`${id}-to`} label={t('filter.to')}>
          <input
            id={`${id}-to`}
            type={type}
            step="any"
            value={draft.upTo}
            onChange={(event) => onDraft({ upTo: event.target.value })}
          />
        </Field>
      )}
    </>
  );
}
