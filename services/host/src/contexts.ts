import type { DocumentDef } from '@tpl/contracts';
import type { ContextMenus, ContextModule, ServiceContext } from '@tpl/event-store';
import { identityContext } from '@tpl/identity';
import { masterdataContext } from '@tpl/masterdata';
import { accessContext } from '@tpl/access';
import { documentsContext } from '@tpl/documents';
import { warehouseContext } from '@tpl/warehouse';
import { transportContext } from '@tpl/transport';
import { billingContext } from '@tpl/billing';
import { productionContext } from '@tpl/production';
import { workflowContext } from '@tpl/workflow';
import { reportContext } from '@tpl/report';
import { gateContext } from '@tpl/gate';

/** What the host tells the contexts it composes, from its config: the document types it serves. */
export type ContextOptions = { documents?: readonly DocumentDef[] | undefined };

/**
 * Every context this host serves, each by its front door (services/<context>/src/<context>.context.ts),
 * in the order their migrations run (applied ids are recorded; a migration may read a table an
 * earlier one made). The host composes these, never a context's parts: adding a context is one
 * line here (and its import).
 */
export const CONTEXTS: readonly ServiceContext<ContextOptions>[] = [
  identityContext,
  masterdataContext,
  accessContext,
  documentsContext,
  warehouseContext,
  transportContext,
  billingContext,
  productionContext,
  workflowContext,
  reportContext,
  gateContext,
];

/**
 * Orders kept from before the list, where following the list would change what a start does:
 * Nest runs its modules' start hooks in their import order (decisions and hooks registered,
 * reactions asked for); inline projections run in their order in every append's transaction
 * (and take their locks in it); the projector registers its projections in theirs; the demo's
 * samples are made in theirs. The contexts named come first, in the order named; any other
 * follows in the list's order.
 */
export const KEPT_ORDER = {
  modules: ['identity', 'workflow', 'masterdata', 'access', 'documents', 'warehouse', 'transport', 'billing', 'report'],
  projections: ['masterdata', 'warehouse', 'identity', 'workflow', 'billing'],
  asyncProjections: ['report', 'billing', 'transport'],
  samples: ['masterdata', 'transport', 'workflow', 'warehouse'],
  // a group named by its context before the kit adds the documents under it (transport), entries
  // added where the kit's are already (billing's and the warehouse's, beside their documents)
  menus: ['transport', 'gate', 'documents', 'workflow', 'masterdata', 'identity', 'billing', 'access', 'warehouse'],
} as const satisfies Record<string, readonly string[]>;

/** The contexts in the order one of their aspects runs in (KEPT_ORDER), else in the list's. */
export const inOrder = <C extends { name: string }>(contexts: readonly C[], aspect?: keyof typeof KEPT_ORDER): C[] => {
  const named: readonly string[] = aspect ? KEPT_ORDER[aspect] : [];
  const rank = (c: C) => (named.includes(c.name) ? named.indexOf(c.name) : named.length);
  // a stable sort: the contexts not named keep the list's order
  return [...contexts].sort((a, b) => rank(a) - rank(b));
};

/** What the contexts bring to the shared store, as openStorage takes it. */
export const storeOf = (contexts: readonly ServiceContext<ContextOptions>[]) => ({
  migrations: contexts.flatMap((c) => c.migrations ?? []),
  projections: inOrder(contexts, 'projections').flatMap((c) => c.projections ?? []),
  asyncProjections: inOrder(contexts, 'asyncProjections').flatMap((c) => c.asyncProjections ?? []),
  upcasters: contexts.flatMap((c) => c.upcasters ?? []),
  platformTables: contexts.flatMap((c) => c.platformTables ?? []),
});

/** The contexts' Nest modules, made for this start. */
export const modulesOf = (contexts: readonly ServiceContext<ContextOptions>[], options: ContextOptions): ContextModule[] =>
  inOrder(contexts, 'modules').map((c) => c.module(options));

/** The demo's tenants, in order (their ids: whoever makes them says which). */
export const demoTenantsOf = (contexts: readonly ServiceContext<ContextOptions>[]) => contexts.flatMap((c) => c.seeds?.tenants?.ids ?? []);

/** Every context's menus, in the order the menu tree is built (KEPT_ORDER.menus). */
export const contextMenus = (contexts: readonly ServiceContext<ContextOptions>[] = CONTEXTS): ContextMenus[] =>
  inOrder(contexts, 'menus').flatMap((c) => (c.menus ? [c.menus] : []));
