import type { ContractsContext } from '../api/context';
import { authMessages } from './words';

/** Identity's front door (sign-in, sessions, registrations): its words. Its calls and schemas are exported file by file from the contracts' index. */
export const identityContracts: ContractsContext = { name: 'identity', words: [authMessages] };
