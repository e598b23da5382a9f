import type { ContractsContext } from '../api/context';
import { authWords } from './words';
import { authFlowRoutes, authRoutes } from './routes';

/** Identity's front door (sign-in, sessions, registrations): its calls and words. Its calls and schemas are exported file by file from the contracts' index. */
export const identityContracts: ContractsContext = { name: 'identity', routes: { auth: authRoutes, authFlows: authFlowRoutes }, words: [authWords] };
