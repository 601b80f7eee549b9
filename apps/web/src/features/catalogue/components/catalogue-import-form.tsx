import {
  CATALOGUE_COLUMNS,
  CATALOGUE_KINDS,
  type CatalogueImportReport,
  type CatalogueKind,
  catalogueErrorsOf,
  messages,
} from '@shop/shared';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { downloadCatalogueCsv } from '../api/export-catalogue';
import { useImportCatalogue } from '../api/import-catalogue';
import { CatalogueColumns } from './catalogue-columns';
import { ImportErrors } from './import-errors';
import { ImportReport } from './import-report';

const words = messages.catalogueImport;

/** A check's report, for the file and kind it checked: Import sends that same file. */
interface Checked {
  kind: CatalogueKind;
  file: File;
  report: CatalogueImportReport;
}

/**
 * Import catalogue (admins): choose the kind and a CSV file, "Check file" (a dry run: its report
 * or every error by row and column), then "Import" the file checked. Below, the chosen kind's
 * columns with a template, and downloads of the current catalogue in the same format.
 */
export function CatalogueImportForm() {
  const [kind, setKind] = useState<CatalogueKind>('parts');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [done, setDone] = useState<CatalogueImportReport | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const importing = useImportCatalogue();
  const fileId = useId();
  const fileHintId = useId();
  const fileErrorId = useId();

  const reset = () => {
    setChecked(null);
    setDone(null);
    importing.reset();
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    reset();
    if (!file) {
      setMissingFile(true);
      return;
    }
    const sent = { kind, file };
    importing.mutate(
      { ...sent, dryRun: true },
      { onSuccess: (report) => setChecked({ ...sent, report }) },
    );
  };

  const importChecked = () => {
    if (!checked) return;
    importing.mutate(
      { kind: checked.kind, file: checked.file, dryRun: false },
      {
        onSuccess: (report) => {
          setChecked(null);
          setDone(report);
          toast.success(words.imported(report.created, report.updated));
        },
      },
    );
  };

  const error = importing.error;
  const rowErrors =
    error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fields
      ? catalogueErrorsOf(error.fields)
      : [];
  const failure = error && rowErrors.length === 0 ? error.message : null;
  const canImport = checked !== null && checked.report.rows > 0 && !importing.isPending;
  const checkFirstId = `${fileId}-check-first`;
  const showCheckFirst = !checked && !done;

  return (
    <div className="flex flex-col gap-8">
      <form
        onSubmit={check}
        noValidate
        aria-label={words.title}
        className="card bg-base-100 border-base-300 border"
      >
        <div className="card-body gap-4">
          <fieldset className="fieldset">
            <legend className="fieldset-legend text-sm">{words.kindLegend}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {CATALOGUE_KINDS.map((option) => (
                <label key={option} className="flex min-h-11 cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    name="catalogue-kind"
                    className="radio radio-sm"
                    value={option}
                    checked={kind === option}
                    onChange={() => {
                      setKind(option);
                      reset();
                    }}
                  />
                  {words.kinds[option]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={fileId} className="text-sm font-semibold">
              {words.fileLabel}
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              // The browser's own file button, in the shop's look (no daisyUI file-input: the
              // stylesheet includes only the components it needs, index.css).
              className="border-base-300 rounded-field file:border-base-300 file:bg-base-200 hover:file:bg-base-300 w-full max-w-md cursor-pointer border p-1.5 text-sm file:mr-3 file:cursor-pointer file:rounded-[calc(var(--radius-field)-2px)] file:border file:px-3 file:py-1.5 file:font-medium"
              aria-describedby={`${fileHintId}${missingFile ? ` ${fileErrorId}` : ''}`}
              aria-invalid={missingFile || undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setMissingFile(false);
                reset();
              }}
            />
            <p id={fileHintId} className="text-base-content/70 text-sm break-words">
              Columns, in this order: <code>{CATALOGUE_COLUMNS[kind].join(',')}</code>
            </p>
            {missingFile && (
              <p id={fileErrorId} className="text-sm text-red-700" role="alert">
                {words.fileRequired}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-3">
            <SubmitButton
              busy={importing.isPending && importing.variables.dryRun}
              disabled={importing.isPending}
              className="w-full sm:w-auto"
            >
              {words.check}
            </SubmitButton>
            <button
              type="button"
              className="btn btn-outline w-full sm:w-auto"
              disabled={!canImport}
              aria-describedby={showCheckFirst ? checkFirstId : undefined}
              onClick={importChecked}
            >
              {importing.isPending && !importing.variables.dryRun && (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              )}
              {words.import}
            </button>
          </div>
          {showCheckFirst && (
            <p id={checkFirstId} className="text-base-content/70 text-sm">
              {words.checkFirst}
            </p>
          )}
          <FormAlert message={failure} />
        </div>
      </form>

      <div aria-live="polite" className="flex flex-col gap-4">
        {rowErrors.length > 0 && <ImportErrors errors={rowErrors} />}
        {checked &&
          (checked.report.rows === 0 ? (
            <p className="text-base-content/70">{words.emptyFile}</p>
          ) : (
            <ImportReport report={checked.report} />
          ))}
        {done && <ImportReport report={done} />}
      </div>

      <CatalogueColumns kind={kind} />

      <CatalogueDownloads />
    </div>
  );
}

/** One button per kind: the current catalogue in the import's format. */
function CatalogueDownloads() {
  const [busy, setBusy] = useState<CatalogueKind | null>(null);
  const [failed, setFailed] = useState(false);
  const download = async (kind: CatalogueKind) => {
    setBusy(kind);
    setFailed(false);
    try {
      await downloadCatalogueCsv(kind);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="catalogue-downloads" className="flex flex-col gap-3">
      <h2 id="catalogue-downloads" className="text-lg font-semibold">
        {words.downloadTitle}
      </h2>
      <div className="flex flex-wrap gap-3">
        {CATALOGUE_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="btn btn-outline w-full sm:w-auto"
            disabled={busy !== null}
            onClick={() => void download(kind)}
          >
            {busy === kind && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            {words.download[kind]}
          </button>
        ))}
      </div>
      <FormAlert message={failed ? words.downloadFailed : null} />
    </section>
  );
}
