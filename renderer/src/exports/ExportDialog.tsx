import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/api-rules';
import type { ExportFormat, ExportView } from '@shared/export';
import { isBareFileName } from '@shared/contract/export-requests';
import { failureLine } from '../ui/describe-failure';
import { FormField } from '../ui/FormField';
import { ExportCommand } from './ExportCommand';
import { useExports } from './exports-context';
import { exportOptions, exportSummary, fileNameOf, firstBaseName, type CsvPreset } from './export-choices';
import { ModalDialog } from '../ui/ModalDialog';

export interface ExportDialogProps {
  /** Exactly the view on screen: resource, customer, sort, visible columns in order, filters, language. */
  view: ExportView;
  table: string;
  /** Label of the sorted column, for the summary. */
  sortLabel?: string;
  /** The view's row count (before filters), when known. */
  total?: number;
  /** How many rows the filters keep, when the table has judged them all. */
  matches?: number;
  canChooseFolder: boolean;
  /** The saved view exported, if one is: the file is named after it. */
  savedView?: string;
  onClose: () => void;
}

/** The export dialog: format, CSV preset, file name, and a summary of what will be exported. */
export function ExportDialog({
  view,
  table,
  sortLabel,
  total,
  matches,
  canChooseFolder,
  savedView,
  onClose,
}: ExportDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { start } = useExports();
  const dialog = useRef<HTMLDialogElement>(null);
  const [format, setFormat] = useState<ExportFormat>('csv');
  // French Excel wants ; and a BOM; the preset follows the language the user works in.
  const [preset, setPreset] = useState<CsvPreset>(language === 'fr' ? 'excelFr' : 'standard');
  // The file's name in the words and at the time the person reads on screen: « contrats-2026-11-27-13-56 ».
  const [baseName, setBaseName] = useState(() => firstBaseName(t, view, new Date(), savedView));
  const [problem, setProblem] = useState<string | undefined>();
  const [nameProblem, setNameProblem] = useState<string | undefined>();

  const summary = exportSummary(t, language, { view, table, sortLabel, total, matches });
  const options = exportOptions(format, preset);
  const fileName = fileNameOf(baseName, view.resource, format);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // An empty name is the table's; a name with a folder in it is refused by the field, before the app does.
    const name = baseName.trim() || view.resource;
    setNameProblem(
      isBareFileName(name) ? undefined : t('export.fileNameRule', { field: t('export.fileName') }),
    );
    if (!isBareFileName(name)) return;
    try {
      await start({ view, options, fileName });
      onClose();
    } catch (failure) {
      setProblem(failureLine(t, language, failure));
    }
  };

  return (
    <ModalDialog
      dialog={dialog}
      className="form-dialog"
      title={t('export.title', { table })}
      onClose={onClose}
    >
      <form method="dialog" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset>
          <legend>{t('export.format')}</legend>
          {(['csv', 'xlsx', 'jsonl'] as const).map((candidate) => (
            <label key={candidate}>
              <input
                type="radio"
                name="format"
                value={candidate}
                checked={format === candidate}
                onChange={() => setFormat(candidate)}
              />
              {t(`export.formats.${candidate}`)}
            </label>
          ))}
        </fieldset>
        <p className="hint" data-testid="export-holds">
          {t(format === 'jsonl' ? 'export.holds.api' : 'export.holds.table')}
        </p>
        {format === 'csv' && (
          <label className="form-field">
            {t('export.preset')}
            <select value={preset} onChange={(event) => setPreset(event.target.value as CsvPreset)}>
              <option value="excelFr">{t('export.presets.excelFr')}</option>
              <option value="standard">{t('export.presets.standard')}</option>
            </select>
          </label>
        )}
        <FormField
          label={t('export.fileName')}
          problem={nameProblem}
          value={baseName}
          onChange={(event) => setBaseName(event.target.value)}
        />
        <p data-testid="export-summary">{summary}</p>
        <ExportCommand view={view} options={options} fileName={fileName} />
        <p className="hint">
          {canChooseFolder ? t('export.destinationDesktop') : t('export.destinationBrowser')}
        </p>
        {problem && (
          <p role="alert" className="error">
            {problem}
          </p>
        )}
        <div className="form-actions">
          <button type="submit">{t('export.start')}</button>
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('export.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
