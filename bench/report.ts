/** One measured task: a library's speed on one benchmark row. */
export interface ReportRow {
  /** Library (or variant) name; baselines are looked up by this name. */
  name: string;
  /** Operations per second. */
  hz: number;
  /** Relative margin of error of the mean, in percent. */
  rme: number;
}

/** One printed table: a benchmark row measured for several libraries side by side. */
export interface ReportTable {
  /** Heading, e.g. `schema › normalize long`. */
  title: string;
  rows: ReportRow[];
  /** Names of the rows every other row is compared with, one ratio column each. */
  baselines: string[];
  /** Extra lines printed under the table, e.g. why a library has no row. */
  notes?: string[];
}

/** Formats ops/s with enough digits to compare, without a wall of decimals. */
export function formatHz(hz: number): string {
  if (!Number.isFinite(hz)) return String(hz);
  const digits = hz >= 100 ? 0 : hz >= 10 ? 1 : 2;
  return hz.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** `hz / baselineHz` as `2.31×`, or `—` when the baseline was not measured. */
export function formatRatio(hz: number, baselineHz: number | undefined): string {
  if (baselineHz === undefined || baselineHz <= 0) return '—';
  return `${(hz / baselineHz).toFixed(2)}×`;
}

/** Renders a table as text: library, ops/s, ± rme, then one ratio column per baseline. */
export function formatTable(table: ReportTable): string {
  const byName = new Map(table.rows.map((row) => [row.name, row.hz]));
  const header = ['library', 'ops/s', '± rme', ...table.baselines.map((name) => `vs ${name}`)];
  const body = table.rows.map((row) => [
    row.name,
    formatHz(row.hz),
    `±${row.rme.toFixed(2)}%`,
    ...table.baselines.map((name) => formatRatio(row.hz, byName.get(name))),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((line) => line[i].length)));
  // First column reads left to right; numbers line up on the right.
  const render = (cells: string[]): string =>
    '  ' + cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('   ');
  const lines = [table.title, render(header), '  ' + widths.map((w) => '-'.repeat(w)).join('   ')];
  lines.push(...body.map(render));
  if (table.rows.length === 0) lines.push('  (nothing measured)');
  for (const note of table.notes ?? []) lines.push(`  note: ${note}`);
  return lines.join('\n');
}

/** Prints one table of results with ratios against the named baselines. */
export function printReport(title: string, rows: ReportRow[], baselines: string[], notes?: string[]): void {
  console.log(formatTable({ title, rows, baselines, notes }) + '\n');
}
