import type { RouteObject } from 'react-router-dom';
import { OAuthCallbackPage } from './OAuthCallbackPage';

/** Public sign-in routes outside the signed-in layout (not tab pages). */
export const authRoutes: RouteObject[] = [{ path: '/oauth/callback/:source', element: <OAuthCallbackPage /> }];
