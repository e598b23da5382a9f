import { Module } from '@nestjs/common';
import { StockController } from './stock/stock.controller';
import { StockLedger } from './stock/stock.ledger';
import { StockQueries } from './stock/stock.queries';
import { BoundOwners, OWNER_SCOPES } from './stock/owner-scope';
import { StockReports } from './reports/stock-reports';
import { StockReportsController } from './reports/stock-reports.controller';
import { InboundController, InboundDecisions } from './inbound/inbound.wiring';
import { OutboundDecisions } from './outbound/outbound.wiring';
import { WaveDecisions } from './wave/wave.wiring';
import { PrintController } from './print/print.controller';
import { PrintService } from './print/print.service';
import { LabelListController } from './print/label-list.controller';
import { LabelListService } from './print/label-list.service';
import { PackagesController } from './temporarypackage/packages.controller';
import { PackageList } from './temporarypackage/packages.service';
import { ScanController } from './scan/scan.controller';
import { ScanService } from './scan/scan.service';
import { INSIDE_PROVIDERS } from './inside/inside.providers';
import { AllocateController } from './allocate/allocate.wiring';
import { GoodsDefaults } from './shared/defaults.wiring';
import { Strategies } from './shared/strategies.wiring';
import { STOCK_POSTING, StockPostingReads } from './stock/stock.posting';

/**
 * The warehouse context: the stock ledger (facts per owner and material, read models,
 * reads as of any instant) and the decisions of its documents, which the document kit
 * serves from their descriptions (contracts/src/documents/warehouse). Each document's
 * folder registers its decisions with the kit when this module starts.
 */
@Module({
  controllers: [StockController, StockReportsController, InboundController, AllocateController, PrintController, LabelListController, PackagesController, ScanController],
  providers: [
    StockLedger,
    StockQueries,
    StockReports,
    GoodsDefaults,
    Strategies,
    InboundDecisions,
    OutboundDecisions,
    WaveDecisions,
    PrintService,
    LabelListService,
    PackageList,
    ScanService,
    ...INSIDE_PROVIDERS,
    { provide: OWNER_SCOPES, useClass: BoundOwners },
    // the ledger's front door for the contexts beside the warehouse whose documents move stock (production)
    StockPostingReads,
    { provide: STOCK_POSTING, useExisting: StockPostingReads },
  ],
  exports: [StockLedger, StockQueries, OWNER_SCOPES, STOCK_POSTING],
})
export class WarehouseModule {}
