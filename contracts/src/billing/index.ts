export * from './money';
export * from './charges';
export * from './reports';

import type { ContractsContext } from '../api/context';
import { valueaddservicebill, handlingbill, adjustpricebill, packagewarehousebill, rentwarehousebill, ladingbill, costlading } from './documents/index';
import { monthbill } from './documents/monthbill';
import { baccount } from './documents/baccount';
import { billingDocMessages } from './document-words';
import { billingCoreMessages } from './words';

/** Billing's front door: the other charges and the piece-work (issue 15), the month bill and the account; its words. */
export const billingContracts: ContractsContext = {
  name: 'billing',
  documents: [valueaddservicebill, handlingbill, adjustpricebill, packagewarehousebill, rentwarehousebill, ladingbill, costlading, monthbill, baccount],
  words: [billingDocMessages, billingCoreMessages],
};
