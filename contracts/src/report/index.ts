export * from './dashboard';
export * from './routes';
export * from './projections';

import type { ContractsContext } from '../api/context';
import { reportWords } from './words';
import { reportRoutes } from './routes';

/** The report context's front door: its calls and words. */
export const reportContracts: ContractsContext = { name: 'report', routes: { report: reportRoutes }, words: [reportWords] };
