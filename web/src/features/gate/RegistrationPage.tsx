import { appointment } from '@tpl/contracts';
import { DocumentFormPage } from '../documents/DocumentFormPage';

/**
 * A registration (spec 01 appointmentCar, appointmentVisit): the kit's form of a new appointment,
 * starting with the visit type of the page (a driver's, a visitor's). Saved, the appointment's
 * view offers the notices' reading screen, where it is submitted.
 */
export const RegistrationPage = ({ visitType }: { visitType: 'DRIVER' | 'VISITOR' }) => <DocumentFormPage def={appointment} start={{ visitType }} />;
