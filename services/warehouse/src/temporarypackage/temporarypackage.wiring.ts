import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { packagetemporarybill, temporarypackagebill } from '@tpl/contracts';
import { DocumentDecisionsRegistry, DocumentService, documentOf, type LoadInput } from '@tpl/documents';
import type { UnitOfWork } from '@tpl/event-store';
import { InsideReads } from '../inside/inside.reads';
import { noFacts, submittedContent, type InsideFacts } from '../inside/rows';
import { actionOf } from '../shared/lines';
import { packDecisions, packMoves, unpackDecisions, unpackMoves, type TemporaryPackage, type UnpackFacts } from './temporarypackage.decisions';

/**
 * The temporary packages' IO, in the command's transaction: when a package is packed, the
 * accounts its lines touch, their locations and the package's, the areas up to their warehouse;
 * when an unpacking bill is saved, the package it opens; when it is confirmed, that package too
 * and the stock and locations of the way back.
 */
@Injectable()
export class TemporaryPackageDecisions implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(InsideReads) private readonly reads: InsideReads,
  ) {}

  onModuleInit() {
    this.registry.register(packagetemporarybill, packDecisions((input) => this.loadPack(input)));
    this.registry.register(temporarypackagebill, unpackDecisions((input) => this.loadUnpack(input)));
  }

  async loadPack({ tenantId, command, doc, uow }: LoadInput<typeof packagetemporarybill>): Promise<InsideFacts> {
    if (!doc || actionOf(command) !== 'pack') return noFacts();
    return this.reads.facts(uow, tenantId, { owners: [doc.customerCode], lines: packMoves(doc), places: [doc.warehousePlaceCode], areas: [doc.warehouseAreaCode] });
  }

  private async pack(tenantId: string, content: Record<string, unknown>, uow: UnitOfWork): Promise<TemporaryPackage | undefined> {
    const billNo = content.packageBillNo;
    if (typeof billNo !== 'string' || !billNo) return undefined;
    return documentOf(packagetemporarybill, await this.documents.byBillNo(packagetemporarybill, tenantId, billNo, uow));
  }

  async loadUnpack({ tenantId, command, doc, uow }: LoadInput<typeof temporarypackagebill>): Promise<UnpackFacts> {
    const content = submittedContent(command);
    if (content) return { ...noFacts(), pack: await this.pack(tenantId, content, uow) };
    if (!doc || actionOf(command) !== 'unpack') return noFacts();
    const pack = await this.pack(tenantId, doc, uow);
    if (!pack) return noFacts();
    const facts = await this.reads.facts(uow, tenantId, { owners: [doc.customerCode], lines: unpackMoves(doc, pack), places: [doc.targetWarehousePlaceCode], areas: [doc.warehouseAreaCode] });
    return { ...facts, pack };
  }
}
