import type { TFunction } from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { appointment } from '@tpl/contracts';
import { lazyPage } from '../../shared/lazyPage';
import { CAR_READ_PATH, CHECK_IN_PATH, VISIT_NEW_PATH, VISIT_READ_PATH } from './paths';

// each page loads with its first visit (its own chunk)
const RegistrationPage = lazyPage(() => import('./RegistrationPage').then((m) => m.RegistrationPage));
const NoticeReadPage = lazyPage(() => import('./NoticeReadPage').then((m) => m.NoticeReadPage));
const GateCheckInPage = lazyPage(() => import('./GateCheckInPage').then((m) => m.GateCheckInPage));

const titled = (name: string, key: string) => ({ name, titleKey: key, title: (t: TFunction) => t(key) });

/**
 * The gate's screens beside the kit's: a driver's registration (in place of the appointment's
 * generic new form: registered before the documents' routes, the router takes the first of equal
 * paths) and a visitor's, each starting with its visit type; the notices' reading screens; the
 * guard's check-in screen.
 */
export const gateRoutes: RouteObject[] = [
  { path: appointment.routes.new, element: <RegistrationPage key="DRIVER" visitType="DRIVER" />, handle: titled('司机预约登记', 'gate.register.driver') },
  { path: VISIT_NEW_PATH, element: <RegistrationPage key="VISITOR" visitType="VISITOR" />, handle: titled('访客预约登记', 'gate.register.visitor') },
  { path: CAR_READ_PATH, element: <NoticeReadPage key="car" />, handle: titled('司机须知', 'gate.read.carTitle') },
  { path: VISIT_READ_PATH, element: <NoticeReadPage key="visit" />, handle: titled('访客须知', 'gate.read.title') },
  { path: CHECK_IN_PATH, element: <GateCheckInPage />, handle: titled('门岗签到', 'gate.checkIn.title') },
];
