import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../shared/lazyPage';

const RegistrationsPage = lazyPage(() => import('./RegistrationsPage').then((m) => m.RegistrationsPage));

export const REGISTRATIONS_PATH = '/system/registrations';

/** The administrator's registrations screen (menu `registration` in the demo menus). */
export const registrationRoutes: RouteObject[] = [{ path: REGISTRATIONS_PATH, element: <RegistrationsPage /> }];
