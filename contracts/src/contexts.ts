import type { ContractsContext } from './api/context';
import { accessContracts } from './authz/index';
import { identityContracts } from './auth/index';
import { masterdataContracts } from './masterdata/index';
import { flowContracts } from './flow/index';
import { reportContracts } from './report/index';
import { transportContracts } from './transport/index';
import { warehouseContracts } from './warehouse/index';
import { billingContracts } from './billing/index';
import { gateContracts } from './gate/index';
import { productionContracts } from './production/index';

/**
 * The business contexts, one line each (their front doors, contracts/src/<context>/index.ts). The
 * document registry and the shared resources compose this list, in its order.
 */
export const contexts: readonly ContractsContext[] = [accessContracts, identityContracts, masterdataContracts, flowContracts, reportContracts, transportContracts, warehouseContracts, billingContracts, gateContracts, productionContracts];
