import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { adjustpricebill, costlading, handlingbill, ladingbill, packagewarehousebill, rentwarehousebill, valueaddservicebill } from '@tpl/contracts';
import { DocumentDecisionsRegistry } from '@tpl/documents';
import { adjustPriceDecisions } from '../adjustpricebill/decisions';
import { costLadingDecisions } from '../costlading/decisions';
import { handlingDecisions } from '../handlingbill/decisions';
import { ladingDecisions } from '../ladingbill/decisions';
import { packageWarehouseDecisions } from '../packagewarehousebill/decisions';
import { rentWarehouseDecisions } from '../rentwarehousebill/decisions';
import { valueAddDecisions } from '../valueaddservicebill/decisions';

/** Registers the other billing documents' decisions with the kit (pure: they read nothing). */
@Injectable()
export class OtherBillDecisions implements OnModuleInit {
  constructor(@Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry) {}

  onModuleInit() {
    this.registry.register(valueaddservicebill, valueAddDecisions);
    this.registry.register(handlingbill, handlingDecisions);
    this.registry.register(adjustpricebill, adjustPriceDecisions);
    this.registry.register(packagewarehousebill, packageWarehouseDecisions);
    this.registry.register(rentwarehousebill, rentWarehouseDecisions);
    this.registry.register(ladingbill, ladingDecisions);
    this.registry.register(costlading, costLadingDecisions);
  }
}
