import fs from 'node:fs';
import { z } from 'zod';

/**
 * Directory (AD / LDAP) sign-in, read from the environment once per host:
 *
 * - `LDAP_URL`: `ldap://host:389` or `ldaps://host:636`; unset, directory sign-in is off and an
 *   opted-in account is told so (it cannot sign in until the directory is configured).
 * - `LDAP_BASE_DN`: where people and groups are searched (`dc=corp,dc=example`).
 * - `LDAP_BIND_DN` / `LDAP_BIND_PASSWORD`: the service account that finds the person's entry
 *   (most directories refuse anonymous searches; unset: the search is anonymous).
 * - `LDAP_USER_FILTER`: how an account name finds its entry, `{account}` standing for the name
 *   (escaped, RFC 4515); default `(uid={account})`, Active Directory `(sAMAccountName={account})`.
 * - `LDAP_GROUP_FILTER`: how the person's groups are found, `{dn}` standing for the person's DN
 *   (escaped); default `(|(member={dn})(uniqueMember={dn}))`. An entry's `memberOf` (Active
 *   Directory) counts too.
 * - `LDAP_GROUP_ROLES` / `LDAP_GROUP_ROLES_FILE`: JSON, a group (its cn or its whole DN, case
 *   ignored) to the role codes it gives: `{"wms-keepers": ["keeper"], "cn=ops,ou=groups,dc=corp,dc=example": "dispatcher"}`.
 * - `LDAP_TIMEOUT_MS`: how long to wait for the directory (connect, then each operation), default 5000.
 *
 * A malformed group map stops the start rather than silently giving nobody their roles.
 */
export type DirectorySettings = {
  url: string;
  baseDn: string;
  bindDn: string | undefined;
  bindPassword: string | undefined;
  userFilter: string;
  groupFilter: string;
  /** lower-cased group cn or DN -> role codes */
  groupRoles: ReadonlyMap<string, readonly string[]>;
  timeoutMs: number;
};

const groupRolesSchema = z.record(z.string().min(1), z.union([z.string().min(1), z.array(z.string().min(1))]));

export const DEFAULT_USER_FILTER = '(uid={account})';
export const DEFAULT_GROUP_FILTER = '(|(member={dn})(uniqueMember={dn}))';

const readJson = (inline: string | undefined, file: string | undefined): unknown => {
  const text = inline?.trim() ? inline : file ? fs.readFileSync(file, 'utf8') : undefined;
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new Error('LDAP_GROUP_ROLES is not valid JSON');
  }
};

/** The directory's settings, or undefined when LDAP_URL is unset (directory sign-in off). */
export const directorySettings = (env: NodeJS.ProcessEnv = process.env): DirectorySettings | undefined => {
  const url = env.LDAP_URL?.trim();
  if (!url) return undefined;
  if (!/^ldaps?:\/\/[^/\s]+\/?$/i.test(url)) throw new Error(`LDAP_URL must be ldap://host[:port] or ldaps://host[:port], not "${url}"`);
  const baseDn = env.LDAP_BASE_DN?.trim();
  if (!baseDn) throw new Error('LDAP_BASE_DN is required with LDAP_URL');
  const userFilter = env.LDAP_USER_FILTER?.trim() || DEFAULT_USER_FILTER;
  if (!userFilter.includes('{account}')) throw new Error('LDAP_USER_FILTER must contain {account}');
  const groupFilter = env.LDAP_GROUP_FILTER?.trim() || DEFAULT_GROUP_FILTER;
  if (!groupFilter.includes('{dn}')) throw new Error('LDAP_GROUP_FILTER must contain {dn}');
  const parsed = groupRolesSchema.safeParse(readJson(env.LDAP_GROUP_ROLES, env.LDAP_GROUP_ROLES_FILE));
  if (!parsed.success) throw new Error(`LDAP_GROUP_ROLES: an object of group to role codes, e.g. {"wms-keepers": ["keeper"]} (${parsed.error.issues[0]?.message})`);
  const groupRoles = new Map<string, string[]>();
  for (const [group, roles] of Object.entries(parsed.data)) groupRoles.set(normalizeDn(group), Array.isArray(roles) ? roles : [roles]);
  const timeoutMs = Number(env.LDAP_TIMEOUT_MS ?? 5000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100) throw new Error('LDAP_TIMEOUT_MS must be a whole number of milliseconds, at least 100');
  return {
    url: url.replace(/\/$/, ''),
    baseDn,
    bindDn: env.LDAP_BIND_DN?.trim() || undefined,
    bindPassword: env.LDAP_BIND_PASSWORD ?? undefined,
    userFilter,
    groupFilter,
    groupRoles,
    timeoutMs,
  };
};

/**
 * A value made safe inside a search filter (RFC 4515 section 3): `\ * ( )` and NUL become
 * `\5c \2a \28 \29 \00`, so an account name can only ever be compared, never add a clause
 * (`*)(uid=*` stays the literal name `*)(uid=*`, which no one has).
 */
export const escapeFilterValue = (value: string): string =>
  value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** A filter template with its placeholder replaced by the escaped value. */
export const fillFilter = (template: string, placeholder: '{account}' | '{dn}', value: string): string =>
  template.split(placeholder).join(escapeFilterValue(value));

/** DNs compared as the directory does for ours: case and spaces after commas ignored. */
export const normalizeDn = (dn: string): string => dn.trim().toLowerCase().replace(/\s*,\s*/g, ',').replace(/\s*=\s*/g, '=');

/** The cn of a group's DN (`cn=wms-keepers,ou=groups,...` -> `wms-keepers`), lower-cased. */
const cnOf = (dn: string): string | undefined => /^cn=([^,]+)/i.exec(normalizeDn(dn))?.[1];

/**
 * The role codes a person's groups give (by the group's whole DN or its cn), each once,
 * in the map's order of the groups; groups the map does not name give nothing.
 */
export const rolesForGroups = (groupRoles: ReadonlyMap<string, readonly string[]>, groupDns: readonly string[]): string[] => {
  const out = new Set<string>();
  for (const dn of groupDns) {
    const keys = [normalizeDn(dn), cnOf(dn)].filter((k): k is string => Boolean(k));
    for (const k of keys) for (const role of groupRoles.get(k) ?? []) out.add(role);
  }
  return [...out];
};
