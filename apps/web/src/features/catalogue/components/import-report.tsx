import { type CatalogueImportReport, messages } from '@shop/shared';

const words = messages.catalogueImport;

/** What a check found (or an import did): the counts, and each row's key under them. */
export function ImportReport({ report }: { report: CatalogueImportReport }) {
  const labels = report.dryRun ? words.counts : words.countsDone;
  const groups = (['created', 'updated', 'unchanged'] as const).map((group) => ({
    group,
    label: labels[group],
    keys: report.keys[group],
  }));
  return (
    <section
      aria-labelledby="import-report"
      className="flex flex-col gap-3"
      data-testid="import-report"
    >
      <h2 id="import-report" className="text-lg font-semibold">
        {report.dryRun
          ? words.checked(report.rows)
          : words.imported(report.created, report.updated)}
      </h2>
      <dl className="grid grid-cols-3 gap-3">
        {groups.map(({ group, label, keys }) => (
          <div key={group} className="border-base-300 rounded-box border p-3 sm:p-4">
            <dt className="text-sm">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid={`import-${group}`}>
              {keys.length}
            </dd>
          </div>
        ))}
      </dl>
      {groups
        .filter(({ keys }) => keys.length > 0)
        .map(({ group, label, keys }) => (
          <details key={group} className="text-sm">
            <summary className="cursor-pointer">
              {label}: {keys.length}
            </summary>
            <p className="mt-2 break-words">{keys.join(', ')}</p>
          </details>
        ))}
    </section>
  );
}
