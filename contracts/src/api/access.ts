import type { EntityDef } from '../entities/define';
import { registeredDocuments } from '../documents/known';

/**
 * Authorization vocabulary shared by the server (which enforces it) and the console
 * (which hides what the server would refuse). See docs/DOMAIN.md "Authorization".
 */

/** The all-access wildcard: a role allocated this code passes every button and API permission check. */
export const ALL_ACCESS = '*';

/** The administrator role: passes every check and sees every row (spec 01 section 6). */
export const ADMIN_ROLE = 'admin';

/** The tenant that runs the platform: only it manages tenants. */
export const PLATFORM_TENANT = '000000';

/** Commands of the entity framework, each behind its own button code `<entity>_<action>`. */
export const ENTITY_ACTIONS = ['add', 'edit', 'delete', 'import', 'export', 'reset_password', 'domain_login'] as const;
export type EntityAction = (typeof ENTITY_ACTIONS)[number];

export const buttonCode = (def: Pick<EntityDef, 'name'>, action: EntityAction): string => `${def.name}_${action}`;

/** The actions an entity offers: password reset only where records carry a login password, domain login where they may opt in to it. */
export const actionsOf = (def: Pick<EntityDef, 'passwordOnCreate' | 'domainLogin'>): EntityAction[] =>
  ENTITY_ACTIONS.filter((a) => (a !== 'reset_password' || Boolean(def.passwordOnCreate?.length)) && (a !== 'domain_login' || Boolean(def.domainLogin)));

/** Whether a set of granted codes passes a button: its own code or the wildcard. */
export const holds = (codes: ReadonlySet<string> | Record<string, unknown>, code: string): boolean =>
  codes instanceof Set ? codes.has(code) || codes.has(ALL_ACCESS) : Boolean((codes as Record<string, unknown>)[code] || (codes as Record<string, unknown>)[ALL_ACCESS]);

/** Entities described `platformOnly` (tenants) are managed from the platform tenant only, whoever the caller is. */
export const platformOnly = (def: Pick<EntityDef, 'platformOnly'>): boolean => def.platformOnly === true;
export const mayManageIn = (def: Pick<EntityDef, 'platformOnly'>, tenantId: string): boolean => !platformOnly(def) || tenantId === PLATFORM_TENANT;

/** Data scope types (spec 01 section 6, spec 02 section 9). */
export const DATA_SCOPE_TYPES = { all: '1', own: '2', dept: '3', deptAndBelow: '4', custom: '5' } as const;
export type DataScopeType = (typeof DATA_SCOPE_TYPES)[keyof typeof DATA_SCOPE_TYPES];
/** the created-by columns a data scope reads */
export type DataScopeColumn = 'createUser' | 'createDept';
/** A data scope written for every resource. */
export const ANY_RESOURCE = '*';
/** The documents (beside the entity framework's entities) that data scopes apply to: every described document type. */
export const documentScopeResources = (): string[] => registeredDocuments().map((d) => d.name);
