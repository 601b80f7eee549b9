/** Reads Prometheus' text format as the tests need it: one sample's value by name and labels. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of `name` whose labels include `labels`. */
export const samplesOf = (text: string, name: string, labels: Record<string, string> = {}) =>
  parseSamples(text).filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  );

/** The one sample of `name` with exactly these labels' values (0 when it is not there yet). */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}) {
  const found = samplesOf(text, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`);
  return found[0]?.value ?? 0;
}
