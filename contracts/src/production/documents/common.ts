import { num, ref } from '../../entities/define';
import { L } from '../../documents/actions';

export { L };
export { cancelAction, auditAction } from '../../documents/actions';

/**
 * What production's documents share: a material of the header's owner and its quantity (a BOM's
 * raw material or finished good per run, a task's finished goods), numbered by the server.
 */
export const materialQtyLine = (qty = L('数量', 'Quantity', '數量')) => ({
  lineNumber: num(L('行号', 'Line', '行號'), 'count', { generated: true }),
  // the owner's materials are offered (a 3PL keeps each owner's goods apart)
  materialCode: ref(L('物料', 'Material', '物料'), 'material', { required: true, pick: { custCode: '$customerCode' } }),
  qty: num(qty, 'quantity', { required: true, positive: true }),
});

/** Keys of the messages production's decisions refuse with (contracts/src/production/words.ts). */
export const PRODUCTION_ERRORS = {
  bomNeedsBoth: 'validation.bomNeedsBoth',
  notCovered: 'production.errors.notCovered',
  overIssue: 'production.errors.overIssue',
  overReceipt: 'production.errors.overReceipt',
  nothingIssued: 'production.errors.nothingIssued',
  lineNotFound: 'production.errors.lineNotFound',
  bomNotConfirmed: 'production.errors.bomNotConfirmed',
  bomOtherOwner: 'production.errors.bomOtherOwner',
  issuedNoCancel: 'production.errors.issuedNoCancel',
} as const;
