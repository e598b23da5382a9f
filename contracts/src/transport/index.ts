export * from './board';
export * from './routes';

import type { ContractsContext } from '../api/context';
import { consignment } from './documents/consignment';
import { consignmentbill } from './documents/consignmentbill';
import { dispatch } from './documents/dispatch';
import { arrivalbill, loadingbill } from './documents/loadingbill';
import { deliverybill, scheduling } from './documents/deliverybill';
import { transportWords } from './words';
import { transportRoutes } from './routes';
import { transportBoardRoutes } from './board';

/** Transport's front door: the consignment order and its chain (issue 14: notes, dispatch, loading, arrival, delivery, vehicle schedules), its words. */
export const transportContracts: ContractsContext = {
  name: 'transport',
  documents: [consignment, consignmentbill, dispatch, loadingbill, arrivalbill, deliverybill, scheduling],
  routes: { transportBoard: transportBoardRoutes, transport: transportRoutes },
  words: [transportWords],
};
