import Decimal from 'decimal.js';
import { NUMBER_KINDS } from '../validation/numbers';

/**
 * Production's arithmetic of quantities (at the quantity scale, exactly): a task's needs and
 * finished goods are a BOM's per-run quantities times the runs, and every line keeps what is
 * pending (planned less done). Pure: the console's dialogs and the server's decisions share it.
 */
const SCALE = NUMBER_KINDS.quantity.scale;
const exact = (d: Decimal) => d.toDecimalPlaces(SCALE, Decimal.ROUND_HALF_UP).toNumber();

export const plusQty = (...values: number[]): number => exact(values.reduce((a, v) => a.plus(new Decimal(v || 0)), new Decimal(0)));
export const minusQty = (a: number, b: number): number => exact(new Decimal(a || 0).minus(new Decimal(b || 0)));
export const timesQty = (a: number, b: number): number => exact(new Decimal(a || 0).times(new Decimal(b || 0)));

/** A line with a planned quantity and what was done of it (issued, received). */
export type PlannedLine = { lineNumber?: number; materialCode?: string; materialName?: string; qty: number; [done: string]: unknown };
export type ProductLine = PlannedLine & { lineNumber: number; materialCode: string; receivedQty?: number };
export type NeedLine = PlannedLine & { lineNumber: number; materialCode: string; issuedQty?: number };

/** What is still to do of a line: planned less done, never below zero. */
export const pendingOf = (l: { qty: number; [done: string]: unknown }, done: string): number => Math.max(0, minusQty(l.qty, Number(l[done] ?? 0)));

export const productLinesOf = (doc: Record<string, unknown>): ProductLine[] => (doc.products as ProductLine[] | undefined) ?? [];
export const needLinesOf = (doc: Record<string, unknown>): NeedLine[] => (doc.needs as NeedLine[] | undefined) ?? [];

/** A BOM's lines for `runs` runs: each per-run quantity times the runs, numbered, nothing done yet. */
export const scaledLines = (perRun: readonly { materialCode?: unknown; materialName?: unknown; qty?: unknown }[], runs: number, done: string): PlannedLine[] =>
  perRun.map((l, i) => {
    const qty = timesQty(Number(l.qty ?? 0), runs);
    return {
      lineNumber: i + 1,
      materialCode: String(l.materialCode ?? ''),
      ...(typeof l.materialName === 'string' ? { materialName: l.materialName } : {}),
      qty,
      [done]: 0,
      pendingQty: qty,
    };
  });
