// The browser results as an SVG bar chart, drawn by hand: one group per scenario, one bar per peer,
// the bar's length the ratio on a log scale with a line at 1× (right of it: rest-slice is ahead).

/** One scenario's ratios, peer name → ratio (> 1: rest-slice is faster, or leaner for the heap). */
export interface ChartRow {
  label: string;
  ratios: { peer: string; ratio: number | undefined }[];
}

const COLORS = ['#3b82c4', '#9b59b6', '#e67e22'];
const LABEL_WIDTH = 360;
const PLOT_WIDTH = 420;
const BAR = 14;
const GAP = 10;
/** The x axis: log2 of the ratio, clamped to [MIN, MAX]. */
const MIN = 1 / 8;
const MAX = 32;

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function x(ratio: number): number {
  const clamped = Math.min(MAX, Math.max(MIN, ratio));
  return LABEL_WIDTH + ((Math.log2(clamped) - Math.log2(MIN)) / (Math.log2(MAX) - Math.log2(MIN))) * PLOT_WIDTH;
}

/** The SVG text of the chart. */
export function renderChart(title: string, subtitle: string, rows: readonly ChartRow[]): string {
  const peers = rows[0]?.ratios.map((r) => r.peer) ?? [];
  const groupHeight = peers.length * BAR + GAP;
  const top = 70;
  const height = top + rows.length * groupHeight + 40;
  const width = LABEL_WIDTH + PLOT_WIDTH + 80;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="10" y="20" font-size="15" font-weight="bold">${escape(title)}</text>`,
    `<text x="10" y="38" fill="#555">${escape(subtitle)}</text>`,
  ];
  peers.forEach((peer, i) => {
    parts.push(`<rect x="${10 + i * 200}" y="48" width="12" height="12" fill="${COLORS[i % COLORS.length]}"/>`);
    parts.push(`<text x="${26 + i * 200}" y="58">rest-slice vs ${escape(peer)}</text>`);
  });
  const bottom = top + rows.length * groupHeight;
  for (const tick of [0.125, 0.25, 0.5, 1, 2, 4, 8, 16, 32]) {
    const at = x(tick).toFixed(1);
    const strong = tick === 1;
    parts.push(`<line x1="${at}" y1="${top - 4}" x2="${at}" y2="${bottom}" stroke="${strong ? '#000' : '#ddd'}" stroke-width="${strong ? 1.5 : 1}"/>`);
    parts.push(`<text x="${at}" y="${bottom + 16}" text-anchor="middle" fill="#555">${tick < 1 ? `1/${1 / tick}` : tick}×</text>`);
  }
  rows.forEach((row, g) => {
    const y0 = top + g * groupHeight;
    parts.push(`<text x="${LABEL_WIDTH - 8}" y="${y0 + (peers.length * BAR) / 2 + 4}" text-anchor="end">${escape(row.label)}</text>`);
    row.ratios.forEach(({ ratio }, i) => {
      const y = y0 + i * BAR;
      if (ratio === undefined || !Number.isFinite(ratio)) {
        parts.push(`<text x="${x(1) + 4}" y="${y + BAR - 3}" fill="#999">not measured</text>`);
        return;
      }
      const from = Math.min(x(1), x(ratio));
      const to = Math.max(x(1), x(ratio));
      parts.push(`<rect x="${from.toFixed(1)}" y="${y + 1}" width="${Math.max(1, to - from).toFixed(1)}" height="${BAR - 2}" fill="${COLORS[i % COLORS.length]}"/>`);
      const label = `${ratio.toFixed(2)}×`;
      parts.push(
        ratio >= 1
          ? `<text x="${(to + 4).toFixed(1)}" y="${y + BAR - 3}">${label}</text>`
          : `<text x="${(from - 4).toFixed(1)}" y="${y + BAR - 3}" text-anchor="end">${label}</text>`,
      );
    });
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
