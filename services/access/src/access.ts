import { Inject, Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { ADMIN_ROLE, ALL_ACCESS, AppError, type DataScopeColumn, type DataScopeType, type EntityDef } from '@tpl/contracts';
import { ALL_ROWS, AuthService, type AccessRules, type ApiScopeRule, type AuthUser, type RowScope, type RowScopes } from '@tpl/identity';
import { CACHE_CHANNEL, LocalCacheChannel, type CacheChannel } from '@tpl/event-store';
import { ENTITY_HOOKS, RECORDS, type EntityHookRegistry, type RecordsPort } from '@tpl/masterdata';
import { resolveRowScope, type DataScopeRule } from './data-scope';

export type MenuData = {
  code: string;
  name: string;
  alias?: string;
  path?: string;
  source?: string;
  category?: 'MENU' | 'BUTTON';
  action?: string;
  isOpen?: number;
  isShow?: number;
  sort?: number;
  parentId?: string;
};
type RoleData = { roleAlias: string; menus?: string[]; apiScopes?: string[]; dataScopes?: string[] };
type ApiScopeData = { resourceCode: string; resourceUrl: string; scopeType: 'ALL' | 'URL' };
type DataScopeData = { scopeCode: string; resourceCode: string; scopeType: DataScopeType; scopeColumn?: DataScopeColumn; scopeDepts?: string[]; scopeUsers?: string[] };

/** Everything authorization reads of one tenant's system administration, loaded in one query. */
type Snapshot = {
  menus: { id: string; data: MenuData }[];
  menuByCode: Map<string, MenuData>;
  roles: Map<string, RoleData>;
  apiScopes: ApiScopeRule[];
  dataScopes: Map<string, DataScopeRule>;
  deptChildren: Map<string, string[]>;
  userIds: Map<string, string>;
  /** what each set of roles may do, worked out once per snapshot (the guard asks on every request) */
  byRoles: Map<string, { buttons: Set<string>; granted: Set<string> }>;
};

/** The entities whose changes change what anybody may do or see. */
export const ACCESS_ENTITIES = ['menu', 'role', 'apiscope', 'datascope', 'dept', 'user'] as const;
/** Records whose changes could hand out rights: role and user allocations, and the rules themselves. */
const GUARDED = new Set(['role', 'user', 'menu', 'apiscope', 'datascope']);
const RULES = new Set(['menu', 'apiscope', 'datascope']);
/**
 * how long a tenant's rules are kept: a change is told to every host at once through the cache
 * channel (topic 'access', key: the tenant); this bound only matters should a notice be lost unnoticed
 */
const TTL_MS = 60_000;
/** the cache channel's topic of access rules; keys are tenant ids */
export const ACCESS_TOPIC = 'access';

/**
 * What a user may do and see, from the menu, role, API permission, data scope, department
 * and user records: menus and button codes (role.menus, ancestors added so trees hold
 * together), API permissions (role.apiScopes), the rows of each resource (role.dataScopes),
 * and whether a grant made through role or user records stays within the granter's own
 * rights. The administrator role has everything. Cached per tenant; a change made through
 * any host clears every host's cache at once (the cache channel).
 *
 * Implements identity's ports (ACCESS_RULES for the guard, ROW_SCOPES for every context's
 * reads; the host binds them), reads the records through master data's RECORDS port, and
 * registers its entities' hooks with the engine (ENTITY_HOOKS): a change to any of them
 * clears the cache, and a write to the guarded ones must pass checkGrant.
 */
@Injectable()
export class Access implements AccessRules, RowScopes, OnModuleInit {
  private readonly snapshots = new Map<string, { at: number; snapshot: Promise<Snapshot> }>();

  constructor(
    @Inject(RECORDS) private readonly records: RecordsPort,
    @Inject(ENTITY_HOOKS) private readonly hooks: EntityHookRegistry,
    @Inject(AuthService) private readonly auth: AuthService,
    @Optional() @Inject(CACHE_CHANNEL) private readonly channel: CacheChannel = new LocalCacheChannel(),
  ) {}

  onModuleInit(): void {
    this.channel.subscribe(ACCESS_TOPIC, (tenantId) => this.forget(tenantId));
    for (const entity of ACCESS_ENTITIES) {
      this.hooks.register(entity, {
        changed: (tenantId) => this.invalidate(tenantId),
        ...(GUARDED.has(entity) ? { admit: (user, def, data, before) => this.checkGrant(user, def, data, before) } : {}),
      });
    }
  }

  /** Every host forgets the tenant's rules (and the sessions' roles and departments). */
  invalidate(tenantId: string): Promise<void> {
    return this.channel.publish(ACCESS_TOPIC, tenantId);
  }

  private forget(tenantId: string): void {
    if (tenantId === '*') this.snapshots.clear();
    else this.snapshots.delete(tenantId);
    // the roles and department each session carries are cached by identity: read them again too
    this.auth.forgetSessions(tenantId);
  }

  private snapshot(tenantId: string): Promise<Snapshot> {
    const hit = this.snapshots.get(tenantId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.snapshot;
    const snapshot = this.load(tenantId);
    this.snapshots.set(tenantId, { at: Date.now(), snapshot });
    snapshot.catch(() => this.snapshots.delete(tenantId));
    if (this.snapshots.size > 1000) this.snapshots.clear();
    return snapshot;
  }

  private async load(tenantId: string): Promise<Snapshot> {
    // a user's fields are not needed (only its id by account): not loaded
    const rows = await this.records.live(tenantId, ACCESS_ENTITIES, { withoutData: ['user'] });
    const s: Snapshot = { menus: [], menuByCode: new Map(), roles: new Map(), apiScopes: [], dataScopes: new Map(), deptChildren: new Map(), userIds: new Map(), byRoles: new Map() };
    for (const r of rows) {
      switch (r.entity) {
        case 'menu': {
          const data = r.data as MenuData;
          s.menus.push({ id: r.id, data });
          s.menuByCode.set(data.code, data);
          break;
        }
        case 'role':
          s.roles.set(String(r.code), r.data as RoleData);
          break;
        case 'apiscope': {
          const d = r.data as ApiScopeData;
          s.apiScopes.push({ code: d.resourceCode, url: d.resourceUrl, all: d.scopeType === 'ALL' });
          break;
        }
        case 'datascope': {
          const d = r.data as DataScopeData;
          s.dataScopes.set(d.scopeCode, d);
          break;
        }
        case 'dept':
          if (r.code && r.parentCode) s.deptChildren.set(r.parentCode, [...(s.deptChildren.get(r.parentCode) ?? []), r.code]);
          break;
        case 'user':
          if (r.code) s.userIds.set(r.code, r.id);
          break;
      }
    }
    return s;
  }

  private rolesOf(s: Snapshot, user: AuthUser): RoleData[] {
    return user.roles.map((alias) => s.roles.get(alias)).filter((r): r is RoleData => Boolean(r));
  }

  /** The menu and button codes a role set was allocated, with every ancestor. */
  private allocated(s: Snapshot, roles: readonly RoleData[]): Set<string> {
    const codes = new Set(roles.flatMap((r) => r.menus ?? []));
    for (const c of [...codes]) {
      let parent = s.menuByCode.get(c)?.parentId;
      for (let depth = 0; parent && depth < 20; depth++) {
        codes.add(parent);
        parent = s.menuByCode.get(parent)?.parentId;
      }
    }
    return codes;
  }

  /** The menu records and the codes the user may use (admin and the wildcard: all of them). */
  async allowed(user: AuthUser): Promise<{ menus: { id: string; data: MenuData }[]; codes: Set<string> }> {
    const s = await this.snapshot(user.tenantId);
    const allocated = user.roles.includes(ADMIN_ROLE) ? undefined : this.allocated(s, this.rolesOf(s, user));
    const codes = !allocated || allocated.has(ALL_ACCESS) ? new Set(s.menuByCode.keys()) : allocated;
    return { menus: s.menus, codes };
  }

  /** Button codes of the user's roles, the wildcard included when allocated. */
  async codes(user: AuthUser): Promise<Set<string>> {
    return (await this.ofRoles(user)).buttons;
  }

  async apiScopes(user: AuthUser): Promise<{ scopes: readonly ApiScopeRule[]; granted: ReadonlySet<string> }> {
    const s = await this.snapshot(user.tenantId);
    return { scopes: s.apiScopes, granted: (await this.ofRoles(user)).granted };
  }

  /** The buttons and API permissions of the user's roles, from the snapshot's memo (read only: shared by every request). */
  private async ofRoles(user: AuthUser): Promise<{ buttons: Set<string>; granted: Set<string> }> {
    const s = await this.snapshot(user.tenantId);
    const key = user.roles.join('\u0000');
    const hit = s.byRoles.get(key);
    if (hit) return hit;
    const { menus, codes } = await this.allowed(user);
    const buttons = new Set(menus.filter((m) => m.data.category === 'BUTTON' && codes.has(m.data.code)).map((m) => m.data.code));
    if (codes.has(ALL_ACCESS)) buttons.add(ALL_ACCESS);
    const memo = { buttons, granted: new Set(this.rolesOf(s, user).flatMap((r) => r.apiScopes ?? [])) };
    if (s.byRoles.size < 1000) s.byRoles.set(key, memo);
    return memo;
  }

  /** The rows of a resource (an entity's name, or a document type) the user may see. */
  async rowScope(user: AuthUser, resource: string): Promise<RowScope> {
    if (user.roles.includes(ADMIN_ROLE)) return ALL_ROWS;
    const s = await this.snapshot(user.tenantId);
    const roles = this.rolesOf(s, user).map((r) => (r.dataScopes ?? []).map((c) => s.dataScopes.get(c)).filter((d): d is DataScopeRule => Boolean(d)));
    const deptAndBelow = (code: string, depth = 0): string[] =>
      depth > 30 ? [code] : [code, ...(s.deptChildren.get(code) ?? []).flatMap((c) => deptAndBelow(c, depth + 1))];
    return resolveRowScope(resource, { userId: user.userId, deptId: user.deptId, roles }, {
      deptAndBelow,
      userIds: (accounts) => accounts.map((a) => s.userIds.get(a)).filter((id): id is string => Boolean(id)),
    });
  }

  /**
   * No escalation through system administration: someone who is not an administrator and
   * holds no wildcard may not change their own user's roles or department, nor the
   * allocations of a role they hold, and may hand out (to a role, or a role to a user) only
   * menus, buttons, API permissions and data scopes they hold themselves; never the
   * administrator role or the wildcard. The rules themselves (menus, API permissions, data
   * scopes) are changed only by administrators and wildcard holders: editing one could
   * otherwise widen what the editor holds or loosen what restricts them.
   * `data` is what is written (none for a removal), `before` the record as it was.
   */
  async checkGrant(user: AuthUser, def: EntityDef, data: Record<string, unknown> | undefined, before?: Record<string, unknown>): Promise<void> {
    if (!GUARDED.has(def.name)) return;
    if (user.roles.includes(ADMIN_ROLE)) return;
    const s = await this.snapshot(user.tenantId);
    const mine = this.rolesOf(s, user);
    const myCodes = this.allocated(s, mine);
    if (myCodes.has(ALL_ACCESS)) return;
    if (RULES.has(def.name)) throw new AppError(403, 'errors.grantExceeds', { codes: def.name });
    if (!data) return;
    const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
    const added = (k: string) => list(data[k]).filter((x) => !list(before?.[k]).includes(x));
    const changed = (k: string) => JSON.stringify(list(data[k]).sort()) !== JSON.stringify(list(before?.[k]).sort());
    const held = {
      menus: myCodes,
      apiScopes: new Set(mine.flatMap((r) => r.apiScopes ?? [])),
      dataScopes: new Set(mine.flatMap((r) => r.dataScopes ?? [])),
    };
    const beyond: string[] = [];
    if (def.name === 'role') {
      const alias = String(data.roleAlias ?? before?.roleAlias ?? '');
      const own = user.roles.includes(alias) || user.roles.includes(String(before?.roleAlias ?? ''));
      for (const k of ['menus', 'apiScopes', 'dataScopes'] as const) {
        if (own && changed(k)) beyond.push(alias);
        beyond.push(...added(k).filter((c) => !held[k].has(c)));
      }
      if (alias === ADMIN_ROLE) beyond.push(ADMIN_ROLE);
    } else {
      const self = before !== undefined && String(before.account ?? '') === user.account;
      if (self && (changed('roleId') || String(data.deptId ?? '') !== String(before?.deptId ?? ''))) beyond.push(user.account);
      for (const alias of added('roleId')) {
        const role = s.roles.get(alias);
        const exceeds =
          alias === ADMIN_ROLE ||
          !role ||
          (role.menus ?? []).some((c) => !held.menus.has(c)) ||
          (role.apiScopes ?? []).some((c) => !held.apiScopes.has(c)) ||
          (role.dataScopes ?? []).some((c) => !held.dataScopes.has(c));
        if (exceeds) beyond.push(alias);
      }
    }
    if (beyond.length) throw new AppError(403, 'errors.grantExceeds', { codes: [...new Set(beyond)].join(', ') });
  }
}
