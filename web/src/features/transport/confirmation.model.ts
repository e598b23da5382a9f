/**
 * The notes a loading or arrival bill lists, as its confirmation screen shows them: each line's
 * note number and packages (the bill's own count), with the consignee and weight read off the
 * note; totals of both (tests/unit/load-sheet.spec.ts).
 */
export type NoteRow = { noteBillNo: string; consignee: string; address: string; packages: number; weight: number | undefined };

const milli = (n: number) => Math.round(n * 1000);

export const noteRows = (lines: readonly Record<string, unknown>[], notes: readonly (Record<string, unknown> | undefined)[]) => {
  const rows: NoteRow[] = lines.map((l, i) => {
    const note = notes[i];
    const consignee = (note?.consignee ?? {}) as { name?: string; address?: string };
    const weg = (note?.totals as { weg?: unknown } | undefined)?.weg;
    return {
      noteBillNo: String(l.noteBillNo ?? note?.billNo ?? ''),
      consignee: consignee.name ?? '',
      address: consignee.address ?? '',
      packages: Number(l.packages ?? 0),
      weight: typeof weg === 'number' ? weg : undefined,
    };
  });
  return {
    lines: rows,
    packages: rows.reduce((s, r) => s + r.packages, 0),
    weight: rows.reduce((s, r) => s + milli(r.weight ?? 0), 0) / 1000,
  };
};
