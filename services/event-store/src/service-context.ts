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
  /** its entries and button codes in the console's menu tree, and what each demo role is given of them */
  readonly menus?: ContextMenus;
  /**
   * its data repair (issue 11): run for every tenant after each start, and for one tenant by its
   * administrator (POST /api/bl-system/data-repair/run); answers what it repaired, reported
   * under `part`
   */
  readonly repair?: { part: string; run: (get: Providers, tenantId?: string) => Promise<readonly object[]> };
};

/** A provider of the running app by its class (the app's get, or a controller's module reference). */
export type Providers = <T>(token: Type<T>) => T;

/**
 * The console's menu tree as the contexts build it (the access context makes it and keeps it as
 * menu records): entries (MENU) with a path, and button codes (BUTTON) under an entry. An entry
 * or button whose code is in the tree already is left as it was (the first to add a code names it).
 */
export interface MenuTree {
  menu(code: string, name: string, path: string, parent?: string, sort?: number, alias?: string): void;
  button(code: string, name: string, parent: string | undefined, sort: number): void;
  has(code: string): boolean;
  /** the codes right under an entry (its entries and its buttons) */
  under(parent: string): string[];
  /** an area's entries with each one's entries and buttons (what a role that works the area is given) */
  writes(area: string): string[];
  /** every entry (MENU) of the tree */
  entries(): string[];
}

/**
 * What a context brings to the menus (issue 29): its entries and buttons, added in the host's
 * order (services/host/src/contexts.ts KEPT_ORDER.menus); then, once the whole tree is known,
 * what each demo role is given (a role may be given another context's entries: the dispatcher
 * works transport's master data), and its groups on the top menus (work, data, admin).
 */
export type ContextMenus = {
  add?: (tree: MenuTree) => void;
  grants?: (tree: MenuTree) => Readonly<Record<string, readonly string[]>>;
  top?: Readonly<Record<string, readonly string[]>> | ((tree: MenuTree) => Readonly<Record<string, readonly string[]>>);
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
  /**
   * a demo tenant's own configuration, once the app is up (seedDemo): its users, its processes;
   * menus: every context's menus, in the order the tree is built
   */
  tenant?: (scope: ContextScope & { tenantId: string; system: SeedActor; menus: readonly ContextMenus[] }) => Promise<void>;
  /** a demo tenant's sample data (seedSamples), run in the tenant's scope: what this context has for that tenant, if anything */
  samples?: (scope: ContextScope & { tenantId: string; today: string; demoMonth: boolean }) => Promise<void>;
};
