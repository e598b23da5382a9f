import type { ContractsContext } from '../api/context';
import { profileRoutes } from './profile';
import { dataRepairRoutes } from './routes';
import { sysenumRoutes } from './enumerations';
import { materialSyncRoutes, materialSyncWords } from './material-sync';


/**
 * Master data's front door. Its entity descriptions (entities/basic, resource, system) are listed
 * by the entity registry (entities/registry.ts), whose order the menus and the API follow; the
 * profile call (profile.ts) reads the user record's field rules; data repair (routes.ts); the
 * enumerations the descriptions define, listed beside the tenant's sysenum records (enumerations.ts).
 */
export const masterdataContracts: ContractsContext = { name: 'masterdata', routes: { profile: profileRoutes, dataRepair: dataRepairRoutes, sysenum: sysenumRoutes, materialSync: materialSyncRoutes }, words: [materialSyncWords] };
