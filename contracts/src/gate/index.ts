export { appointment, type Appointment } from './documents/appointment';
export { location } from './entities/location';
export { securityinspectionlocation } from './entities/securityinspectionlocation';
export { dock } from './entities/dock';
export { visitornotice } from './entities/visitornotice';
export { gateWords } from './words';
export * from './slots';

import type { ContractsContext } from '../api/context';
import { appointment } from './documents/appointment';
import { gateWords } from './words';
import { gateApiRoutes } from './slots';

/** The gate's front door (issue 31): visitors' and drivers' appointments, and its words. Its master data (gates, inspection locations, docks, notices) is in the entity registry. */
export const gateContracts: ContractsContext = {
  name: 'gate',
  documents: [appointment],
  routes: { gate: gateApiRoutes },
  words: [gateWords],
};
