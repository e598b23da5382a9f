import { createElement, Fragment, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_ROLE, holds } from '@tpl/contracts';
import { request } from '../api/client';
import { useSession } from './session';

/**
 * Client permission checks (spec 01 section 6): button codes from GET menu/buttons, roles from
 * the sign-in answer. The role `admin` passes every check; the all-access wildcard code passes
 * every permission check. The console only hides what the server would refuse anyway.
 */
export type Grants = { codes: Readonly<Record<string, unknown>>; roles: readonly string[] };

type ButtonTree = { code: string; children?: ButtonTree[] };

/** Spec 01 section 3: the permission tree of codes flattened to code -> true. */
export const flattenButtons = (tree: ButtonTree[]): Record<string, true> => {
  const out: Record<string, true> = {};
  const walk = (nodes: ButtonTree[]) => {
    for (const n of nodes) {
      out[n.code] = true;
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  return out;
};

const isAdmin = (g: Grants) => g.roles.includes(ADMIN_ROLE);

export const hasPermission = (g: Grants, code: string): boolean => isAdmin(g) || holds(g.codes, code);
/** true when at least one code passes (an empty list passes nothing) */
export const hasAnyPermission = (g: Grants, codes: readonly string[]): boolean => codes.some((c) => hasPermission(g, c));
/** true when every code passes (an empty list asks for nothing) */
export const hasAllPermissions = (g: Grants, codes: readonly string[]): boolean => codes.every((c) => hasPermission(g, c));

export const hasRole = (g: Grants, role: string): boolean => isAdmin(g) || g.roles.includes(role);
export const hasAnyRole = (g: Grants, roles: readonly string[]): boolean => roles.some((r) => hasRole(g, r));
export const hasAllRoles = (g: Grants, roles: readonly string[]): boolean => roles.every((r) => hasRole(g, r));

export type PermissionChecks = {
  /** false until the button codes have arrived (admins pass at once) */
  ready: boolean;
  grants: Grants;
  hasPermission: (code: string) => boolean;
  hasAnyPermission: (codes: readonly string[]) => boolean;
  hasAllPermissions: (codes: readonly string[]) => boolean;
  hasRole: (role: string) => boolean;
  hasAnyRole: (roles: readonly string[]) => boolean;
  hasAllRoles: (roles: readonly string[]) => boolean;
};

/** The signed-in user's button codes (GET /api/bl-system/menu/buttons), cached per user. */
export const buttonsQueryKey = (tenantId?: string, userId?: string) => ['permissions', 'buttons', tenantId, userId] as const;

/** The six checks bound to the signed-in user. */
export const usePermissions = (): PermissionChecks => {
  const session = useSession();
  const q = useQuery({
    queryKey: buttonsQueryKey(session?.token.tenantId, session?.token.userId),
    queryFn: async ({ signal }) => flattenButtons(await request<ButtonTree[]>('GET', '/api/bl-system/menu/buttons', { signal, notify: false })),
    enabled: Boolean(session?.token.accessToken),
    staleTime: 60_000,
  });
  const g: Grants = { codes: q.data ?? {}, roles: session?.token.roles ?? [] };
  return {
    ready: q.isSuccess || isAdmin(g),
    grants: g,
    hasPermission: (code) => hasPermission(g, code),
    hasAnyPermission: (codes) => hasAnyPermission(g, codes),
    hasAllPermissions: (codes) => hasAllPermissions(g, codes),
    hasRole: (role) => hasRole(g, role),
    hasAnyRole: (roles) => hasAnyRole(g, roles),
    hasAllRoles: (roles) => hasAllRoles(g, roles),
  };
};

export type PermissionProps = {
  /** a button code the user must hold */
  code?: string;
  /** at least one of these codes */
  anyOf?: readonly string[];
  /** every one of these codes */
  allOf?: readonly string[];
  role?: string;
  anyRole?: readonly string[];
  allRoles?: readonly string[];
  /** shown instead when the check fails (nothing by default) */
  fallback?: ReactNode;
  children: ReactNode;
};

/** Whether every condition given passes (no condition: shown). */
export const passes = (g: Grants, p: Omit<PermissionProps, 'children' | 'fallback'>): boolean =>
  (p.code === undefined || hasPermission(g, p.code)) &&
  (p.anyOf === undefined || hasAnyPermission(g, p.anyOf)) &&
  (p.allOf === undefined || hasAllPermissions(g, p.allOf)) &&
  (p.role === undefined || hasRole(g, p.role)) &&
  (p.anyRole === undefined || hasAnyRole(g, p.anyRole)) &&
  (p.allRoles === undefined || hasAllRoles(g, p.allRoles));

/** Renders its children only when the user passes every check given: `<Permission code="unit_add">…</Permission>`. */
export const Permission = ({ fallback = null, children, ...conditions }: PermissionProps) =>
  createElement(Fragment, null, passes(usePermissions().grants, conditions) ? children : fallback);
