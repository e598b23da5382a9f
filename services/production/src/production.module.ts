import { Module } from '@nestjs/common';
import type { Migration } from '@tpl/event-store';
import { WarehouseModule } from '@tpl/warehouse';
import { BomDecisions } from './bom/bom.wiring';
import { TaskDecisions } from './task/task.wiring';
import { GenealogyController } from './genealogy/genealogy.controller';
import { GenealogyQueries } from './genealogy/genealogy.queries';
import { genealogyMigrations } from './genealogy/genealogy.projection';

/** What production brings to the shared store: its lot genealogy. */
export const productionMigrations: Migration[] = [...genealogyMigrations];

/**
 * The production context (secondary processing: kitting, repacking, light assembly): the
 * processing request, the BOM and the production task on the document kit, their decisions
 * registered when this module starts; stock moves through the warehouse's ledger port
 * (STOCK_POSTING, the warehouse module's export), never its tables; the lot genealogy's reads.
 */
@Module({
  imports: [WarehouseModule],
  controllers: [GenealogyController],
  providers: [BomDecisions, TaskDecisions, GenealogyQueries],
})
export class ProductionModule {}
