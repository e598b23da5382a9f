import { text, type FieldOf } from '../entities/define';
import { L, type Labels } from '../i18n/labels';
import type { ActionDef } from './define';

export { L };

/**
 * The actions many document types share, written once for every context's descriptions:
 * auditing, and cancelling with a reason (kept on the document as cancelReason).
 */
export const auditAction = (): ActionDef & { at: 'auditDate'; by: 'auditor' } => ({ label: L('审核', 'Audit', '審核'), event: 'AUDIT', fact: 'Audited', at: 'auditDate', by: 'auditor', confirm: true });
/**
 * Cancelling a document (作废): with a reason kept as cancelReason unless `reason: false`; a
 * write-off and the like name themselves with `label` and may make the reason required.
 */
export const cancelAction = (
  o: { label?: Labels; reason?: Labels | false; reasonRequired?: boolean } = {},
): Omit<ActionDef, 'fields' | 'as'> & { fields?: { reason: FieldOf<'text'> }; as?: { reason: 'cancelReason' }; at: 'cancelledAt' } => ({
  label: o.label ?? L('作废', 'Cancel', '作廢'),
  event: 'CANCEL',
  fact: 'Cancelled',
  ...(o.reason === false
    ? {}
    : { fields: { reason: text(o.reason ?? L('作废原因', 'Reason', '作廢原因'), { max: 200, ...(o.reasonRequired ? { required: true } : {}) }) }, as: { reason: 'cancelReason' } }),
  at: 'cancelledAt',
  danger: true,
  confirm: true,
});
