import { secproductive } from './documents/secproductive';
import { pendingOf } from './quantities';

const list = secproductive.routes.list;

/**
 * The production task's two floor steps as pages of their own (spec 01 /secondaryProcessing:
 * secproductiveFormEditOut, secproductiveFormEditIn): issuing the raw-material lots and receiving
 * the finished goods. Each page is the task's header, the lines still pending for the step and
 * the step's form (the description's own action: `issue`, `receive`); it is reached from the
 * task's view and from the task list (the one task selected). `:id` is the task's id.
 * docs/DOMAIN.md "Secondary processing".
 */
export const TASK_STEPS = {
  /** 原料出库: the lots to issue (the task's lines), each with what is still to issue */
  issue: { path: '/secondaryProcessing/secproductiveFormEditOut/:id', action: 'issue', event: 'ISSUE', rows: 'details', done: 'issuedQty', list },
  /** 成品入库: the finished goods (the task's products), each with what is still to receive */
  receive: { path: '/secondaryProcessing/secproductiveFormEditIn/:id', action: 'receive', event: 'RECEIVE', rows: 'products', done: 'receivedQty', list },
} as const;
export type TaskStep = keyof typeof TASK_STEPS;
export const TASK_STEP_NAMES = Object.keys(TASK_STEPS) as TaskStep[];

export const taskStepPath = (step: TaskStep, id: string) => TASK_STEPS[step].path.replace(':id', encodeURIComponent(id));

/** The rows a step still has to do (pending above zero), each with its pending quantity worked out from planned less done. */
export const pendingStepRows = (step: TaskStep, doc: Record<string, unknown>): Record<string, unknown>[] => {
  const { rows, done } = TASK_STEPS[step];
  return ((doc[rows] as Record<string, unknown>[] | undefined) ?? [])
    .map((r) => ({ ...r, pendingQty: pendingOf({ ...r, qty: Number(r.qty ?? 0) }, done) }))
    .filter((r) => r.pendingQty > 0);
};
