import { isinstockbill, osoutstockbill, warehousePrintRoutes, type CommandResult, type ScanBill, type ScanMode } from '@tpl/contracts';
import type { ScanLoaded, ScanSubmitInput, ScanSubmitOutput } from '@tpl/workflows';
import { callRoute, request } from '../../../api/client';
import { routesOf } from '../../../api/documents';
import { savedScans } from './saved';

/**
 * Scan mode's calls: one small read per bill, one document action per confirmation. Errors
 * are shown by the scan screen itself (red panel, beep), not as toasts.
 */
export const scanApi = {
  tasks: (mode: ScanMode, billNo: string): Promise<ScanBill> =>
    callRoute(mode === 'pick' ? warehousePrintRoutes.outboundScanTasks : warehousePrintRoutes.inboundScanTasks, { query: { billNo, mode }, notify: false }),

  /** the bill, with what an earlier visit confirmed on this phone and did not send (receive, pick) */
  load: async ({ mode, billNo }: { mode: ScanMode; billNo: string }): Promise<ScanLoaded> => {
    const bill = await scanApi.tasks(mode, billNo);
    return { bill, done: savedScans.read(mode, bill) };
  },

  /** receive: the bill's receive; putaway: one put-away with the scanned placements; pick: the bill's pick */
  submit: async ({ mode, bill, entries }: ScanSubmitInput): Promise<ScanSubmitOutput> => {
    const def = mode === 'pick' ? osoutstockbill : isinstockbill;
    const action = mode === 'receive' ? 'receive' : mode === 'putaway' ? 'putAway' : 'pick';
    const body: Record<string, unknown> = { id: bill.id, version: bill.version };
    if (mode === 'putaway') body.placements = entries.map((e) => ({ lineNumber: e.task.lineNumber, warehousePlaceCode: e.place, qty: e.qty }));
    const result = await request<CommandResult>('POST', routesOf(def)[action]!.path, { body, notify: false });
    return { version: result.version, state: result.state };
  },
};
