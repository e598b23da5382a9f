import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { planbill } from '@tpl/contracts';
import { DocumentDecisionsRegistry } from '@tpl/documents';
import { planDecisions } from './plan.decisions';

/** Registers the plan bill's decisions with the kit (it reads nothing: no stock, no IO). */
@Injectable()
export class PlanDecisions implements OnModuleInit {
  constructor(@Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry) {}

  onModuleInit() {
    this.registry.register(planbill, planDecisions);
  }
}
