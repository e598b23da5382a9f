import type { InstanceRow, TaskRow } from '@tpl/contracts';
import { flowPaths } from '../paths';

/** Where a row opens: the leave sample has its own handle/detail routes (spec 01); everything else the work detail page. */
export const taskLink = (row: Pick<TaskRow, 'taskId' | 'instanceId' | 'businessKey' | 'documentType'>, handle: boolean): string => {
  if (row.documentType === 'leave' && row.businessKey) {
    return handle ? flowPaths.leaveHandle(row.taskId, row.instanceId, row.businessKey) : flowPaths.leaveDetail(row.instanceId, row.businessKey);
  }
  return flowPaths.detail({ taskId: row.taskId, processInstanceId: row.instanceId, businessId: row.businessKey ?? undefined, documentType: row.documentType ?? undefined });
};

export const instanceLink = (row: Pick<InstanceRow, 'instanceId' | 'businessKey' | 'documentType'>): string =>
  row.documentType === 'leave' && row.businessKey
    ? flowPaths.leaveDetail(row.instanceId, row.businessKey)
    : flowPaths.detail({ processInstanceId: row.instanceId, businessId: row.businessKey ?? undefined, documentType: row.documentType ?? undefined });
