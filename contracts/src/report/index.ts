export * from './dashboard';
export * from './routes';
export * from './projections';

import type { ContractsContext } from '../api/context';
import { reportMessages } from './words';

/** The report context's front door: its words. */
export const reportContracts: ContractsContext = { name: 'report', words: [reportMessages] };
