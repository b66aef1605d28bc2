import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COLOUR_STYLES, type ColourOp, type ColourStyle } from '@shared/colour-rules';
import type { FilterColumn } from '../columns/column-shapes';
import { opsFor, type RuleDraft } from './rule-form';
import { Field, RuleValue } from './RuleValue';

interface RuleFormProps {
  draft: RuleDraft;
  columns: readonly FilterColumn[];
  /** A kept rule is being changed (else a new one is added). */
  editing: boolean;
  /** No more rules can be added. */
  full: boolean;
  problem: string | undefined;
  onDraft: (draft: RuleDraft) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** The form of one colour rule: its name, column, condition and value, colour, and row or cell. */
export function RuleForm({
  draft,
  columns,
  editing,
  full,
  problem,
  onDraft,
  onSave,
  onCancel,
}: RuleFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const column = columns.find((candidate) => candidate.key === draft.field);
  const ops = opsFor(column);
  const op = ops.includes(draft.op) ? draft.op : (ops[0] ?? 'eq');
  const set = (change: Partial<RuleDraft>) => onDraft({ ...draft, op, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form className="rule-form" onSubmit={submit} aria-label={t(editing ? 'rules.editing' : 'rules.adding')}>
      <Field id={`${id}-name`} label={t('rules.name')}>
        <input
          id={`${id}-name`}
          value={draft.name}
          maxLength={80}
          onChange={(event) => set({ name: event.target.value })}
        />
      </Field>
      <Field id={`${id}-column`} label={t('filter.column')}>
        <select
          id={`${id}-column`}
          value={draft.field}
          onChange={(event) => set({ field: event.target.value, value: '', upTo: '' })}
        >
          {columns.map((candidate) => (
            <option key={candidate.key} value={candidate.key}>
              {candidate.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-op`} label={t('filter.operator')}>
        <select id={`${id}-op`} value={op} onChange={(event) => set({ op: event.target.value as ColourOp })}>
          {ops.map((candidate) => (
            <option key={candidate} value={candidate}>
              {t(`rules.ops.${candidate}`)}
            </option>
          ))}
        </select>
      </Field>
      {op !== 'empty' && <RuleValue id={id} op={op} column={column} draft={draft} onDraft={set} />}
      <Field id={`${id}-style`} label={t('rules.style')}>
        <select
          id={`${id}-style`}
          value={draft.style}
          onChange={(event) => set({ style: event.target.value as ColourStyle })}
        >
          {COLOUR_STYLES.map((style) => (
            <option key={style} value={style}>
              {t(`rules.styles.${style}`)}
            </option>
          ))}
        </select>
      </Field>
      <fieldset>
        <legend>{t('rules.marksLegend')}</legend>
        {(['row', 'cell'] as const).map((marks) => (
          <label key={marks}>
            <input
              type="radio"
              name={`${id}-marks`}
              checked={draft.marks === marks}
              onChange={() => set({ marks })}
            />
            {t(`rules.marks.${marks}`)}
          </label>
        ))}
      </fieldset>
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" disabled={full}>
        {t(editing ? 'rules.save' : 'rules.add')}
      </button>
      {editing && (
        <button type="button" onClick={onCancel}>
          {t('rules.cancel')}
        </button>
      )}
    </form>
  );
}
