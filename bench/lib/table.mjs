// A plain-text table: one line per figure, columns padded to their widest cell.
const COLUMNS = [
  ['label', 'Measure'],
  ['ours', 'Ours'],
  ['reference', 'Reference'],
  ['ratio', 'Ratio'],
  ['target', 'Target'],
  ['ok', ''],
];

export function formatTable(rows) {
  const widths = COLUMNS.map(([key, title]) =>
    Math.max(title.length, ...rows.map((row) => String(row[key]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) =>
        i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]),
      )
      .join('  ')
      .trimEnd();
  return [
    line(COLUMNS.map(([, title]) => title)),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map((row) => line(COLUMNS.map(([key]) => row[key]))),
  ].join('\n');
}
