import type { ContractsContext } from '../api/context';
import { authzWords } from './words';

/** Access's front door (users' rights): its words. The authorization vocabulary every tier checks by is the kernel's (api/access.ts). */
export const accessContracts: ContractsContext = { name: 'access', words: [authzWords] };
