import type { BillingReportPage } from '@tpl/contracts';

export type MonthFigure = { month: string; totalCost: number; amountDue: number; paidAmount: number; bills: number };

/** Sums the month bills of a page per month (oldest first). */
export const byMonth = (rows: BillingReportPage['records']): MonthFigure[] => {
  const out = new Map<string, MonthFigure>();
  for (const r of rows) {
    const month = String(r.month ?? '');
    const m = out.get(month) ?? { month, totalCost: 0, amountDue: 0, paidAmount: 0, bills: 0 };
    // cents, so the sums stay exact
    m.totalCost = Math.round(m.totalCost * 100 + Number(r.totalCost ?? 0) * 100) / 100;
    m.amountDue = Math.round(m.amountDue * 100 + Number(r.amountDue ?? 0) * 100) / 100;
    m.paidAmount = Math.round(m.paidAmount * 100 + Number(r.paidAmount ?? 0) * 100) / 100;
    m.bills += 1;
    out.set(month, m);
  }
  return [...out.values()].sort((a, b) => a.month.localeCompare(b.month));
};

