import { useQuery } from '@tanstack/react-query';
import { ADMIN_ROLE, holds } from '@tpl/contracts';
import { request } from '../api/client';
import { useSession } from './session';

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

/**
 * The button codes the signed-in user's roles were allocated (GET menu/buttons). A button
 * whose code is missing is not shown; the server refuses its command anyway.
 */
export const useButtons = (): ((code: string) => boolean) => {
  const session = useSession();
  const q = useQuery({
    queryKey: ['permissions', 'buttons', session?.token.tenantId, session?.token.userId],
    queryFn: async ({ signal }) => flattenButtons(await request<ButtonTree[]>('GET', '/api/bl-system/menu/buttons', { signal, notify: false })),
    enabled: Boolean(session),
    staleTime: 60_000,
  });
  const isAdmin = session?.token.roles.includes(ADMIN_ROLE) ?? false;
  // spec 01 section 6: the admin role and the all-access wildcard pass
  return (code: string) => isAdmin || holds(q.data ?? {}, code);
};
