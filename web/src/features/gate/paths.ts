/** The gate's own screens (spec 01 /appointment): the notices' reading screens, the visitors' registration, the guard's check-in. */
export const CAR_READ_PATH = '/appointment/appointmentCarRead';
export const VISIT_READ_PATH = '/appointment/appointmentVisitRead';
export const VISIT_NEW_PATH = '/appointment/appointmentVisit';
export const CHECK_IN_PATH = '/appointment/gateCheckIn';
/** The reading screen of an appointment, by its visit type. */
export const readPath = (id: string, visitType: unknown) => `${visitType === 'VISITOR' ? VISIT_READ_PATH : CAR_READ_PATH}?id=${id}`;
