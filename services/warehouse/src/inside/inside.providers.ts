import { CategoryStockStatus } from '../category-status/category-stock.wiring';
import { CheckDecisions } from '../check/check.wiring';
import { LossDecisions } from '../loss/loss.wiring';
import { MailDecisions } from '../mail/mail.wiring';
import { PlanDecisions } from '../plan/plan.wiring';
import { TransferDecisions } from '../transfer/transfer.wiring';
import { VoucherDecisions } from '../voucher/voucher.wiring';
import { TemporaryPackageDecisions } from '../temporarypackage/temporarypackage.wiring';
import { InsideReads } from './inside.reads';
import { AllocateDecisions } from '../allocate/allocate.wiring';

/** The in-warehouse documents' registrations (transfers, count, loss, plan, voucher) and reads, and the category's change of stock (issue 13). */
export const INSIDE_PROVIDERS = [InsideReads, TransferDecisions, CheckDecisions, LossDecisions, PlanDecisions, VoucherDecisions, TemporaryPackageDecisions, MailDecisions, AllocateDecisions, CategoryStockStatus];
