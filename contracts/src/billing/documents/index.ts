// the billing documents besides the month bill (issue 15, b-docs)
export { valueaddservicebill } from './valueaddservicebill';
export { handlingbill } from './handlingbill';
export { adjustpricebill } from './adjustpricebill';
export { packagewarehousebill } from './packagewarehousebill';
export { rentwarehousebill } from './rentwarehousebill';
export { ladingbill } from './ladingbill';
export { costlading } from './costlading';

import { valueaddservicebill } from './valueaddservicebill';
import { handlingbill } from './handlingbill';
import { adjustpricebill } from './adjustpricebill';
import { packagewarehousebill } from './packagewarehousebill';
import { rentwarehousebill } from './rentwarehousebill';
import { ladingbill } from './ladingbill';
import { costlading } from './costlading';
/** The billing documents besides the month bill and the carry-over (finance writes them; a cargo owner reads the ones naming it). */
export const otherBillDocuments = [valueaddservicebill, handlingbill, adjustpricebill, packagewarehousebill, rentwarehousebill, ladingbill, costlading] as const;
