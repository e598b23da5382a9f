import { ossobill, type DocumentOf } from '@tpl/contracts';
import type { ApplyReport } from '../shared/apply';
import { upstreamDecisions, upstreamReport, type UpstreamTarget } from '../shared/upstream';

export type SalesOrder = DocumentOf<typeof ossobill>;

/**
 * The sales order: outbound orders are made from it and, once confirmed, take their part of its
 * lines (orderedQty); no line is ordered out beyond what was sold. It completes when all is.
 */
export const SALES_ORDER: UpstreamTarget<typeof ossobill> = {
  def: ossobill,
  doneField: 'orderedQty',
  record: 'recordOrder',
  complete: 'completeOrder',
  giveBack: 'returnOrder',
  reopen: 'reopen',
  overKey: 'warehouse.errors.overOrder',
  overReturnKey: 'warehouse.errors.overReturn',
  // removal is the machine's (a draft or a cancelled order): nothing has moved out of a sales order
  moved: [],
};

/** What an outbound order sends its sales order: a part ordered out, the last of it, or its part given back. */
export const salesOrderReport = (so: Pick<SalesOrder, 'id' | 'details'>, report: ApplyReport, giveBack = false) => upstreamReport(SALES_ORDER, so, report, giveBack);

/** The sales order's own decisions: amounts, the "not beyond what was sold" wall, what outbound orders take and give back. */
export const salesOrderDecisions = upstreamDecisions(SALES_ORDER);
