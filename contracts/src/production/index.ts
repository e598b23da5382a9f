export * from './genealogy';
export * from './quantities';
export * from './steps';
export { PRODUCTION_ERRORS } from './documents/common';

import type { ContractsContext } from '../api/context';
import { secondaryprocess } from './documents/secondaryprocess';
import { secbombill } from './documents/secbombill';
import { secproductive } from './documents/secproductive';
import { productionWords } from './words';
import { productionRoutes } from './genealogy';

export { secondaryprocess, secbombill, secproductive };

/** Production's front door (secondary processing: kitting, repacking, light assembly): the request, the BOM, the task, the lot genealogy; its words. */
export const productionContracts: ContractsContext = {
  name: 'production',
  documents: [secbombill, secondaryprocess, secproductive],
  routes: { production: productionRoutes },
  words: [productionWords],
};
