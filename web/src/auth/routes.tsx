import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../shared/lazyPage';

const OAuthCallbackPage = lazyPage(() => import('./OAuthCallbackPage').then((m) => m.OAuthCallbackPage));

/** Public sign-in routes outside the signed-in layout (not tab pages). */
export const authRoutes: RouteObject[] = [{ path: '/oauth/callback/:source', element: <OAuthCallbackPage /> }];
