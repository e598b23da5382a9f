import { pendingStepRows, secproductive, taskStepPath, TASK_STEP_NAMES, TASK_STEPS } from '@tpl/contracts';
import { canDocument } from '@tpl/workflows';

/** The production task's issue and receipt pages (spec 01 /secondaryProcessing secproductiveFormEditOut, secproductiveFormEditIn). */
describe("the production task's step pages", () => {
  it("are the spec's routes, each about one task and belonging to the task list", () => {
    expect(TASK_STEPS.issue.path).toBe('/secondaryProcessing/secproductiveFormEditOut/:id');
    expect(TASK_STEPS.receive.path).toBe('/secondaryProcessing/secproductiveFormEditIn/:id');
    expect(taskStepPath('issue', 't 1')).toBe('/secondaryProcessing/secproductiveFormEditOut/t%201');
    expect(taskStepPath('receive', 'x1')).toBe('/secondaryProcessing/secproductiveFormEditIn/x1');
    for (const s of TASK_STEP_NAMES) expect(TASK_STEPS[s].list).toBe(secproductive.routes.list);
    // none of the kit's own routes of the task (list, new, view, edit) is taken by a step page
    const kit = Object.values(secproductive.routes);
    for (const s of TASK_STEP_NAMES) expect(kit).not.toContain(TASK_STEPS[s].path);
  });

  it("takes the description's own action of each step (the same form as the view's dialog), open only where the machine allows it", () => {
    for (const s of TASK_STEP_NAMES) {
      const a = secproductive.actions[TASK_STEPS[s].action];
      expect(a?.event).toBe(TASK_STEPS[s].event);
    }
    // issuing from a released task or one in production; receiving only once in production
    expect(['Draft', 'Audited', 'InProduction', 'Completed'].map((st) => canDocument(secproductive, st, 'ISSUE'))).toEqual([false, true, true, false]);
    expect(['Draft', 'Audited', 'InProduction', 'Completed'].map((st) => canDocument(secproductive, st, 'RECEIVE'))).toEqual([false, false, true, false]);
  });

  it('shows the rows still pending for the step, each with planned less done', () => {
    const task = {
      details: [
        { lineNumber: 1, materialCode: 'M1', batchNo: 'B1', qty: 10, issuedQty: 10 },
        { lineNumber: 2, materialCode: 'M1', batchNo: 'B2', qty: 6, issuedQty: 2.5 },
        { lineNumber: 3, materialCode: 'M2', batchNo: 'B3', qty: 4 },
      ],
      products: [
        { lineNumber: 1, materialCode: 'P1', qty: 5, receivedQty: 2 },
        { lineNumber: 2, materialCode: 'P2', qty: 1, receivedQty: 1 },
      ],
    };
    expect(pendingStepRows('issue', task).map((r) => [r.lineNumber, r.pendingQty])).toEqual([[2, 3.5], [3, 4]]);
    expect(pendingStepRows('receive', task).map((r) => [r.lineNumber, r.materialCode, r.pendingQty])).toEqual([[1, 'P1', 3]]);
    expect(pendingStepRows('receive', { products: [{ lineNumber: 1, qty: 2, receivedQty: 2 }] })).toEqual([]);
    expect(pendingStepRows('issue', {})).toEqual([]);
  });
});
