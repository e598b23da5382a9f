export * from './common';
export * from './definitions';
export * from './tasks';
export * from './process';
export * from './review';
export * from './leave';
export * from './routes';

import type { ContractsContext } from '../api/context';
import { flowWordsOf } from './words';

/** The workflow's front door: its words (the reviewable documents' titles from the composed list). */
export const flowContracts: ContractsContext = { name: 'flow', words: [flowWordsOf] };
