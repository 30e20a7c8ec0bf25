// Formatting helpers shared by every measurement: numbers and Markdown tables.

/** Bytes as kilobytes (1 kB = 1000 bytes, as in scripts/size.mjs). */
export function kB(bytes) {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

/** An integer with thousands separators. */
export function int(value) {
  return Math.round(value).toLocaleString('en-US');
}

/** A signed byte difference as kilobytes, e.g. `+1.20 kB` or `-0.35 kB`. */
export function signedKB(bytes) {
  return `${bytes >= 0 ? '+' : '-'}${kB(Math.abs(bytes))}`;
}

/** A ratio such as `12.3×`. */
export function times(ratio) {
  if (!Number.isFinite(ratio)) return 'n/a';
  return `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1)}×`;
}

/**
 * A Markdown table whose columns are padded so that it also reads well in a
 * terminal. Cells are strings; a `|` inside a cell is escaped.
 */
export function table(head, rows) {
  const cells = [head, ...rows].map((row) =>
    row.map((cell) => String(cell).replaceAll('|', '\\|')),
  );
  const widths = head.map((_, i) => Math.max(3, ...cells.map((row) => (row[i] ?? '').length)));
  const line = (row) => `| ${row.map((cell, i) => (cell ?? '').padEnd(widths[i])).join(' | ')} |`;
  const rule = `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`;
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join('\n');
}
