import { md5 } from 'js-md5';
import {
  authFlowRoutes,
  authRoutes,
  profileRoutes,
  reportRoutes,
  type Dashboard,
  type HomeFigures,
  type LicenseInfo,
  type Profile,
  type UpdateInfo,
  type UserInfo,
} from '@tpl/contracts';
import { request } from '../../api/client';

/** A node of GET /api/bl-system/menu/routes, as far as the home page's shortcuts read it. */
export type MenuNode = { id?: string; code?: string; name: string; path?: string; source?: string; children?: MenuNode[]; meta?: { i18n?: string } };

/**
 * The shell pages' calls. Every call goes through the shared client (headers, envelope,
 * toasts, 401 sign-out); shapes are the contracts' zod types.
 */
export const pagesApi = {
  tokenCheck: () => request<{ valid: boolean; tenantId: string; userId: string }>('GET', '/api/bl-customize/token-check/check', { notify: false }),
  health: () => request<{ status: string }>('GET', '/api/health', { auth: false, notify: false }),
  license: () => request<LicenseInfo>('GET', authFlowRoutes.license.path, { notify: false }),
  userInfo: () => request<UserInfo>('GET', authRoutes.userInfo.path),
  menuRoutes: () => request<MenuNode[]>('GET', '/api/bl-system/menu/routes'),
  home: () => request<HomeFigures>('GET', reportRoutes.home.path),
  dashboard: (days: number) => request<Dashboard>('GET', reportRoutes.dashboard.path, { query: { days } }),
  profile: () => request<Profile>('GET', profileRoutes.profile.path),
  updateInfo: (input: UpdateInfo) => request<{ id: string; version: number }>('POST', profileRoutes.updateInfo.path, { body: input, notify: false }),
  /** passwords leave the browser only as their MD5 hex, as at sign-in */
  updatePassword: (plain: { oldPassword: string; newPassword: string; newPassword1: string }) =>
    request<{ id: string; version: number; revokedSessions: number }>('POST', profileRoutes.updatePassword.path, {
      body: { oldPassword: md5(plain.oldPassword), newPassword: md5(plain.newPassword), newPassword1: md5(plain.newPassword1) },
      notify: false,
    }),
};

/** TanStack Query keys of the shell pages. */
export const pagesKeys = {
  all: ['pages'] as const,
  home: () => [...pagesKeys.all, 'home'] as const,
  userInfo: () => [...pagesKeys.all, 'userInfo'] as const,
  menus: () => [...pagesKeys.all, 'menus'] as const,
  dashboard: (days: number) => [...pagesKeys.all, 'dashboard', days] as const,
  profile: () => [...pagesKeys.all, 'profile'] as const,
};
