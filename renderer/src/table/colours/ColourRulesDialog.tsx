import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COLOUR_RULES_MAX, type ColourRule } from '@shared/colour-rules';
import { ModalDialog } from '../../ui/ModalDialog';
import type { FilterColumn } from '../columns/column-shapes';
import { describeRule, draftOf, newDraft, ruleOf, type RuleDraft } from './rule-form';
import { RuleForm } from './RuleForm';

interface ColourRulesDialogProps {
  rules: readonly ColourRule[];
  columns: readonly FilterColumn[];
  onChange: (rules: ColourRule[]) => void;
  onClose: () => void;
}

/**
 * A table's colour rules: listed in the order they apply (the first that holds colours a row),
 * each said in words beside its colour, moved up or down, edited or removed; a form adds one or
 * changes the one being edited. Kept with the table's layout (and in the views saved from it) the
 * moment they change; exports and copies are not coloured.
 */
export function ColourRulesDialog({ rules, columns, onChange, onClose }: ColourRulesDialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  /** The rule being edited (its place), or a new one (undefined). */
  const [editing, setEditing] = useState<number>();
  const [draft, setDraft] = useState<RuleDraft>(() => newDraft(columns[0]));
  const [problem, setProblem] = useState<string>();
  const columnOf = (key: string) => columns.find((column) => column.key === key);
  const edit = (at: number | undefined) => {
    setEditing(at);
    const rule = at === undefined ? undefined : rules[at];
    setDraft(rule ? draftOf(rule) : newDraft(columns[0]));
    setProblem(undefined);
  };
  const save = () => {
    const made = ruleOf(draft, columnOf(draft.field), t);
    if ('problem' in made) {
      setProblem(made.problem);
      return;
    }
    onChange(
      editing === undefined
        ? [...rules, made.rule]
        : rules.map((rule, at) => (at === editing ? made.rule : rule)),
    );
    edit(undefined);
  };
  const move = (at: number, by: -1 | 1) => {
    const next = [...rules];
    const [rule] = next.splice(at, 1);
    if (rule) next.splice(at + by, 0, rule);
    onChange(next);
  };
  return (
    <ModalDialog dialog={dialog} className="colour-rules" title={t('rules.title')} onClose={onClose}>
      {rules.length === 0 ? (
        <p>{t('rules.none')}</p>
      ) : (
        <ol className="rules-list" aria-label={t('rules.list')}>
          {rules.map((rule, at) => (
            <li key={`${at}-${rule.name}`}>
              <span className={`rule-swatch paint-${rule.style}`}>{rule.name}</span>
              <span>
                {describeRule(rule, columnOf(rule.field), t)} · {t(`rules.marks.${rule.marks}`)} ·{' '}
                {t(`rules.styles.${rule.style}`)}
              </span>
              <button
                type="button"
                disabled={at === 0}
                onClick={() => move(at, -1)}
                aria-label={t('rules.up', { name: rule.name })}
              >
                ↑
              </button>
              <button
                type="button"
                disabled={at === rules.length - 1}
                onClick={() => move(at, 1)}
                aria-label={t('rules.down', { name: rule.name })}
              >
                ↓
              </button>
              <button
                type="button"
                onClick={() => edit(at)}
                aria-label={t('rules.edit', { name: rule.name })}
              >
                {t('rules.editShort')}
              </button>
              <button
                type="button"
                onClick={() => {
                  onChange(rules.filter((_, other) => other !== at));
                  if (editing !== undefined) edit(undefined);
                }}
                aria-label={t('rules.remove', { name: rule.name })}
              >
                ✕
              </button>
            </li>
          ))}
        </ol>
      )}
      <RuleForm
        draft={draft}
        columns={columns}
        editing={editing !== undefined}
        full={editing === undefined && rules.length >= COLOUR_RULES_MAX}
        problem={problem}
        onDraft={setDraft}
        onSave={save}
        onCancel={() => edit(undefined)}
      />
      <button type="button" onClick={() => dialog.current?.close()}>
        {t('rules.close')}
      </button>
    </ModalDialog>
  );
}
