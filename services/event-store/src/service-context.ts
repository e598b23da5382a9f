import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Migration } from './migrations';
import type { InlineProjection } from './port';
import type { AsyncProjection } from './projector';
import type { Upcaster } from './upcasters';

/**
 * A service context's front door to the host (issue 29): everything the host composes per
 * context, given in one object each context exports from its index
 * (`services/<context>/src/<context>.context.ts`). The host lists contexts
 * (`services/host/src/contexts.ts`), never their parts; what a context leaves out it does not
 * bring.
 */
export type ServiceContext<Options = unknown> = {
  /** its package's folder name (services/<name>) */
  readonly name: string;
  /** its Nest module, made at each start from the host's options */
  readonly module: (options: Options) => ContextModule;
  /** its SQL migrations, in their order (the host runs every context's in the contexts' order) */
  readonly migrations?: readonly Migration[];
  /** read models written in the append's own transaction (a user reads their own write) */
  readonly projections?: readonly InlineProjection[];
  /** read models the projector keeps from the global order (reports, cross-context views) */
  readonly asyncProjections?: readonly AsyncProjection[];
  /** its steps from old event versions to current ones */
  readonly upcasters?: readonly Upcaster[];
  /** its tables the platform tenant manages across tenants (row security lets it: see secureTables) */
  readonly platformTables?: readonly string[];
  /** after the app is up, before the demo's seeds, as the system: a repair at each start */
  readonly start?: (scope: ContextScope & { options: Options }) => Promise<void>;
  /** the demo's data (seedDemo, seedSamples) */
  readonly seeds?: ContextSeeds;
};

/** A Nest module as the host imports it: its class, or a dynamic module. */
export type ContextModule = Type<unknown> | DynamicModule;

/** What the host hands a context's hooks: the running app (its providers), the database, the host's log. */
export type ContextScope = {
  app: INestApplicationContext;
  pool: Pool;
  /** one line in the host's log */
  log: (line: string) => void;
};

/** Who the demo's seeds act as where no user does. */
export type SeedActor = { userId: string; account: string; name: string };

/**
 * What a context seeds for the demo, by phase; the host runs each phase over every context, in
 * the contexts' order, one demo tenant at a time.
 */
export type ContextSeeds = {
  /** the demo's tenants (their ids, in order) and how they are made: before the app starts, as the system (seedDemo) */
  tenants?: { ids: readonly string[]; make: (pool: Pool) => Promise<void> };
  /** a demo tenant's own configuration, once the app is up (seedDemo): its users, its processes */
  tenant?: (scope: ContextScope & { tenantId: string; system: SeedActor }) => Promise<void>;
  /** a demo tenant's sample data (seedSamples), run in the tenant's scope: what this context has for that tenant, if anything */
  samples?: (scope: ContextScope & { tenantId: string; today: string; demoMonth: boolean }) => Promise<void>;
};
