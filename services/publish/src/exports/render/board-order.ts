/** Frames in reading order: rows from top to bottom (a frame starting above the middle of the row's first one joins it), left to right in a row. */
export function boardOrder<T extends { x: number; y: number; height: number }>(frames: T[]): T[] {
  const byTop = [...frames].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: T[][] = [];
  for (const f of byTop) {
    const row = rows[rows.length - 1];
    if (row && f.y < row[0].y + row[0].height / 2) row.push(f);
    else rows.push([f]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.x - b.x));
}
