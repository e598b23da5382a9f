import { appointment } from '@tpl/contracts';
import type { RouteGrant } from '../../shared/menuGrant';
import type { WebContext } from '../../shared/context';
import { gateRoutes } from './routes';
import { gateViewExtras } from './extras';
import { AppointmentTimeField } from './AppointmentTimeField';
import type { FieldWidget } from '../../shared/context';
import { CAR_READ_PATH, VISIT_NEW_PATH, VISIT_READ_PATH } from './paths';

/** The registration and reading screens are granted with the appointments' list. */
const withList: RouteGrant = { menus: [appointment.routes.list] };

/**
 * The gate (issue 31): the drivers' and visitors' registrations (the driver's in place of the
 * appointment's generic new form), the notices' reading screens, the guard's check-in screen, and
 * the reading screen's button on the appointment's view, the dock slot picker of the appointment time.
 */
export const gateContext: WebContext = {
  name: 'gate',
  overrides: gateRoutes,
  pageGrants: { [appointment.routes.new]: withList, [VISIT_NEW_PATH]: withList, [CAR_READ_PATH]: withList, [VISIT_READ_PATH]: withList },
  viewExtras: gateViewExtras,
  // a driver's appointment time: with a dock chosen, a day and one of its free slots
  fieldWidgets: { appointment: { appointmentTime: AppointmentTimeField as FieldWidget } },
};
