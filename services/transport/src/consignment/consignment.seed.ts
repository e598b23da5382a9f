import type { Pool } from 'pg';
import type { CommandBus } from '@nestjs/cqrs';
import type { ConsignmentAction } from '@tpl/contracts';
import { CreateConsignmentDraft, ExecuteConsignmentCommand, type CommandContext, type ConsignmentCommandResult } from './consignment.handler';
import { LIST_TABLE } from './projections/list.projection';
import { sampleConsignment, sampleDrivers } from './consignment.samples';

/** How far each demo order has got: a working day's board, every state represented. */
const PLAN: ConsignmentAction[][] = [
  [],
  [],
  ['audit'],
  ['audit'],
  ['audit', 'dispatch'],
  ['audit', 'dispatch', 'load'],
  ['audit', 'dispatch', 'load', 'arrive'],
  ['audit', 'dispatch', 'load', 'arrive', 'sign'],
  ['audit', 'dispatch', 'load', 'arrive', 'sign'],
  ['audit', 'dispatch', 'load', 'arrive', 'sign'],
  ['cancel'],
  ['audit', 'cancel'],
];

/**
 * Seeds a tenant's demo orders through the real command bus (so they have real events
 * and history), only when the tenant has none.
 */
export const seedDemoConsignments = async (bus: CommandBus, pool: Pool, context: CommandContext, today: string): Promise<number> => {
  const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${LIST_TABLE} WHERE tenant_id = $1`, [context.tenantId]);
  if (Number(rows[0]!.n) > 0) return 0;
  for (const [i, steps] of PLAN.entries()) {
    let doc = await bus.execute<CreateConsignmentDraft, ConsignmentCommandResult>(new CreateConsignmentDraft(sampleConsignment(i, today), context));
    for (const step of steps) {
      const target = { id: doc.id, expectedVersion: doc.version };
      const d = sampleDrivers[i % sampleDrivers.length]!;
      const command: ExecuteConsignmentCommand['command'] =
        step === 'audit' ? { type: 'AuditConsignment', data: target }
        : step === 'dispatch' ? { type: 'DispatchConsignment', data: { ...target, ...d } }
        : step === 'load' ? { type: 'LoadConsignment', data: target }
        : step === 'arrive' ? { type: 'ArriveConsignment', data: target }
        : step === 'sign' ? { type: 'SignConsignment', data: { ...target, signer: sampleConsignment(i, today).consignee.linkman } }
        : { type: 'CancelConsignment', data: { ...target, reason: 'Customer postponed the order' } };
      doc = await bus.execute<ExecuteConsignmentCommand, ConsignmentCommandResult>(new ExecuteConsignmentCommand(command, context));
    }
  }
  return PLAN.length;
};
