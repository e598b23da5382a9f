import { Module } from '@nestjs/common';
import type { Migration } from '@tpl/event-store';
import { OtherBillDecisions } from './otherbill/otherbill.wiring';
import { BillingReports } from './reports/billing-reports';
import { BillingReportsController } from './reports/billing-reports.controller';
import { MonthBillPdfController } from './reports/bill-pdf.controller';
import { BillParties } from './reports/bill-parties';
import { AgreementOverlap } from './agreements/agreement-overlap';
import { billingMigrations as chargeFactsMigrations } from './charges/billing.projection';
import { monthBillsMigrations } from './monthbill/bills.projection';
import { reportFactsMigrations } from './charges/report-facts.projection';
import { MonthBillController } from './monthbill/monthbill.controller';
import { MonthBills } from './monthbill/month-bills';
import { MonthBillDecisions } from './monthbill/monthbill.decisions';

/**
 * What the billing context brings to the shared store: its own read models of the facts it
 * bills (it follows other contexts' events through the projector, never their tables).
 */
export const billingMigrations: Migration[] = [...chargeFactsMigrations, ...monthBillsMigrations, ...reportFactsMigrations];

/**
 * The billing context: fee agreements in force by date, charges derived from events, month bills
 * and the other billing documents (served by the document kit from contracts/src/documents/billing).
 */
@Module({
  controllers: [MonthBillController, BillingReportsController, MonthBillPdfController],
  providers: [
    MonthBills,
    AgreementOverlap,
    MonthBillDecisions,
    // b-docs: the other billing documents' decisions
    OtherBillDecisions,
    BillingReports,
    BillParties,
  ],
  exports: [MonthBills],
})
export class BillingModule {}
