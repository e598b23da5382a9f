import { useMemo, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useLocation } from 'react-router-dom';
import { useSession } from '../auth/session';
import { ForbiddenPage } from '../shared/widgets/ErrorPages';
import type { MenuNode } from '../shared/menu';
import { grantedMenu, isGranted, type RouteGrant } from '../shared/menuGrant';
import { useShellMenus } from './useMenus';

/**
 * A signed-in page shown only where the user's menus grant it (menuGrant.ts); anywhere else,
 * whatever URL was typed, the 403 page in its place. The location is the page's own (a kept-alive
 * tab keeps the one it was left at); the menus are the shell's (loaded once, shared).
 */
export const MenuGate = ({ grant, children }: { grant: RouteGrant; children: ReactNode }) => {
  const { pathname, search } = useLocation();
  const session = useSession();
  const { byTop, loading } = useShellMenus();
  const roles = useMemo(() => session?.token.roles ?? [], [session]);
  const trees = useMemo(() => [...byTop.values()].filter((tree): tree is MenuNode[] => Boolean(tree)).map((tree) => grantedMenu(tree, roles)), [byTop, roles]);
  if (grant.open) return <>{children}</>;
  if (loading) return <Spin style={{ display: 'block', margin: 48 }} data-testid="menu-gate-loading" />;
  return isGranted(trees, pathname, search, grant) ? <>{children}</> : <ForbiddenPage />;
};
