import { PLATFORM_TENANT } from '@tpl/contracts';
import type { ServiceContext } from '@tpl/event-store';
import { DEMO_OPERATOR, demoActor } from '@tpl/identity';
import { WorkflowModule } from './workflow.module';
import { flowMigrations } from './projections/flow.migrations';
import { instanceProjection } from './projections/instance.projection';
import { definitionProjection } from './projections/definition.projection';
import { FlowSeeder } from './flow.seed';
import { workflowMenus } from './workflow.menus';

/** What the workflow context brings to the shared store: its migrations and inline projections. */
export const workflowMigrations = [...flowMigrations];
export const workflowProjections = [definitionProjection, instanceProjection];

/**
 * The workflow context's front door to the host: approvals (definitions, instances, tasks; read
 * models inline: the inbox shows a task at once); for the demo, the built-in approval processes
 * every operator starts with, and leave requests waiting for the demo operator's approver.
 */
export const workflowContext: ServiceContext = {
  name: 'workflow',
  menus: workflowMenus,
  module: () => WorkflowModule,
  migrations: workflowMigrations,
  projections: workflowProjections,
  seeds: {
    // the built-in approval processes (consignment review, leave) are configuration every operator starts with
    tenant: async ({ app, tenantId, system }) => {
      if (tenantId !== PLATFORM_TENANT) await app.get(FlowSeeder).deploySamples(tenantId, system);
    },
    samples: async ({ app, pool, tenantId, log }) => {
      if (tenantId !== DEMO_OPERATOR) return;
      const actor = await demoActor(pool, tenantId, 'dispatcher');
      if (!actor) return;
      // leave requests waiting for the approver, so the inbox is not empty
      const leaves = await app.get(FlowSeeder).seedDemoRequests(tenantId, actor, 'approver');
      if (leaves) log(`seeded ${leaves} demo leave requests for tenant ${tenantId}`);
    },
  },
};
