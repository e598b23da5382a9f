import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import {
  AppError,
  consignmentDocument as consignment,
  documentByName,
  consignmentbill,
  dispatchDocument as dispatch,
  documentButtons,
  ok,
  parseOrThrow,
  transportRoutes as R,
  type BoardDispatchBody,
} from '@tpl/contracts';
import { DocumentService } from '@tpl/documents';
import { ButtonCheck, Meta, ROW_SCOPES, actorOf, ownerScopeOf, type RequestMeta, type RowScopes } from '@tpl/identity';
import { TransportChain } from './transport.wiring';


/**
 * The transport chain's routes beside what the kit serves (issue 14): the board's atomic
 * dispatch (the dispatch bill's issue button), the freight explanation, and the order's
 * timeline and chain as of an event. Every read is scoped like a document read: outside the
 * caller's tenant, data scope or cargo owner it answers 404.
 */
@Controller()
export class TransportController {
  constructor(
    @Inject(TransportChain) private readonly chain: TransportChain,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(ButtonCheck) private readonly buttons: ButtonCheck,
    @Inject(ROW_SCOPES) private readonly scopes: RowScopes,
  ) {}

  @Post(R.boardDispatch.path)
  @HttpCode(200)
  async boardDispatch(@Body() body: unknown, @Meta() meta: RequestMeta) {
    await this.buttons.require(meta.user, documentButtons(dispatch).issue!);
    const b = parseOrThrow(R.boardDispatch.body!, body, dispatch.name) as BoardDispatchBody;
    const tenantId = meta.user.tenantId;
    await this.documents.assertVisible(consignmentbill, tenantId, b.notes.map((n) => n.id), await this.scopes.rowScope(meta.user, consignmentbill.name), ownerScopeOf(meta.user));
    return ok(await this.chain.boardDispatch({ tenantId, actor: actorOf(meta.user), correlationId: meta.correlationId, causationId: meta.commandId }, b));
  }

  @Get(R.freight.path)
  async freight(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const { id } = parseOrThrow(R.freight.query!, query, dispatch.name) as { id: string };
    const tenantId = meta.user.tenantId;
    await this.documents.assertVisible(dispatch, tenantId, [id], await this.scopes.rowScope(meta.user, dispatch.name), ownerScopeOf(meta.user));
    return ok(await this.chain.freight(tenantId, id));
  }

  @Get(R.timeline.path)
  async timeline(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const { id } = parseOrThrow(R.timeline.query!, query, consignment.name) as { id: string };
    const tenantId = meta.user.tenantId;
    await this.documents.assertVisible(consignment, tenantId, [id], await this.scopes.rowScope(meta.user, consignment.name), ownerScopeOf(meta.user));
    const entries = await this.chain.timeline(tenantId, id);
    const seen = await this.visible(meta, entries);
    return ok(entries.filter((e) => seen.has(e.documentId)));
  }

  @Get(R.chain.path)
  async chainAt(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const { id, at } = parseOrThrow(R.chain.query!, query, consignment.name) as { id: string; at?: string };
    const tenantId = meta.user.tenantId;
    await this.documents.assertVisible(consignment, tenantId, [id], await this.scopes.rowScope(meta.user, consignment.name), ownerScopeOf(meta.user));
    const view = await this.chain.chain(tenantId, id, at);
    const seen = await this.visible(meta, view.documents.map((d) => ({ documentType: d.documentType, documentId: d.id })));
    return ok({ ...view, documents: view.documents.filter((d) => seen.has(d.id)) });
  }

  /**
   * The documents of an order's chain the caller may see, each as its own detail would answer: a
   * cargo owner's user does not see the dispatch bill of a vehicle (it names no customer and
   * carries other owners' notes), nor anything outside a data scope.
   */
  private async visible(meta: RequestMeta, docs: readonly { documentType: string; documentId: string }[]): Promise<Set<string>> {
    const owners = ownerScopeOf(meta.user);
    const out = new Set<string>();
    const byType = new Map<string, Set<string>>();
    for (const d of docs) byType.set(d.documentType, (byType.get(d.documentType) ?? new Set()).add(d.documentId));
    for (const [type, ids] of byType) {
      const def = documentByName(type);
      if (!def) continue;
      const rows = await this.scopes.rowScope(meta.user, def.name);
      for (const id of ids) {
        try {
          if (!(rows.all && owners.all)) await this.documents.assertVisible(def, meta.user.tenantId, [id], rows, owners);
          out.add(id);
        } catch (err) {
          if (!(err instanceof AppError && err.code === 404)) throw err;
        }
      }
    }
    return out;
  }
}
