import { Body, Controller, Get, Inject, Query } from '@nestjs/common';
import { ButtonCheck } from '@tpl/identity';
import { CommandBus } from '@nestjs/cqrs';
import { REVIEW_POLICY, type ReviewPolicy } from '@tpl/workflow';
import { AppError, CONSIGNMENT, CONSIGNMENT_BUTTONS as B, CONSIGNMENT_WRITERS, consignmentRoutes as R, ok, parseOrThrow } from '@tpl/contracts';
import { Button, Meta, PostOk, Roles, type RequestMeta } from '@tpl/identity';
import { ConsignmentQueries } from './consignment.queries';
import {
  CreateConsignmentDraft,
  ExecuteConsignmentCommand,
  RemoveConsignments,
  type CommandContext,
  type ConsignmentCommandResult,
} from './consignment.handler';
import type { z } from 'zod';
import type {
  arriveSchema,
  cancelSchema,
  consignmentListQuerySchema,
  detailQuerySchema,
  dispatchSchema,
  historyQuerySchema,
  removeQuerySchema,
  signSchema,
  submitConsignmentBodySchema,
  transitionTargetSchema,
} from '@tpl/contracts';

const ctxOf = ({ user, correlationId }: RequestMeta): CommandContext => ({
  tenantId: user.tenantId,
  actor: { userId: user.userId, account: user.account, name: user.name },
  correlationId,
});

/** Transitions accept id and version in the query (Saber style) or the JSON body. */
const merged = (query: unknown, body: unknown) => ({ ...(query as object), ...((body && typeof body === 'object' ? body : {}) as object) });

/** HTTP -> command bus; validation from the contracts' schemas, no business rules here. */
@Controller()
export class ConsignmentController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: ConsignmentQueries,
    @Inject(ButtonCheck) private readonly buttons: ButtonCheck,
    @Inject(REVIEW_POLICY) private readonly review: ReviewPolicy,
  ) {}

  private parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
    return parseOrThrow(schema, input, CONSIGNMENT);
  }

  private run(command: ExecuteConsignmentCommand['command'], meta: RequestMeta) {
    return this.commands.execute<ExecuteConsignmentCommand, ConsignmentCommandResult>(new ExecuteConsignmentCommand(command, ctxOf(meta)));
  }

  @Get(R.list.path)
  async list(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = this.parse(R.list.query as typeof consignmentListQuerySchema, query);
    return ok(await this.queries.list(meta.user.tenantId, q));
  }

  @Get(R.detail.path)
  async detail(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = this.parse(R.detail.query as typeof detailQuerySchema, query);
    return ok(await this.queries.detail(meta.user.tenantId, q.id, q.version));
  }

  @Get(R.history.path)
  async history(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = this.parse(R.history.query as typeof historyQuerySchema, query);
    return ok(await this.queries.history(meta.user.tenantId, q.id));
  }

  @Roles(...CONSIGNMENT_WRITERS)
  @PostOk(R.submit.path)
  async submit(@Body() body: unknown, @Meta() meta: RequestMeta) {
    const { id, version, ...content } = this.parse(R.submit.body as typeof submitConsignmentBodySchema, body);
    await this.buttons.require(meta.user, id === undefined ? B.add : B.edit);
    if (id === undefined) {
      return ok(
        await this.commands.execute<CreateConsignmentDraft, ConsignmentCommandResult>(new CreateConsignmentDraft(content, ctxOf(meta))),
      );
    }
    return ok(await this.run({ type: 'ChangeConsignment', data: { id, expectedVersion: version!, content } }, meta));
  }

  @Roles(...CONSIGNMENT_WRITERS)
  @Button(B.remove)
  @PostOk(R.remove.path)
  async remove(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const { ids } = this.parse(R.remove.query as typeof removeQuerySchema, query);
    return ok(await this.commands.execute<RemoveConsignments, ConsignmentCommandResult[]>(new RemoveConsignments(ids, ctxOf(meta))));
  }

  @Roles(...CONSIGNMENT_WRITERS)
  @Button(B.submitReview)
  @PostOk(R.submitReview.path)
  async submitReview(@Query() query: unknown, @Body() body: unknown, @Meta() meta: RequestMeta) {
    const t = this.parse(R.submitReview.body as typeof transitionTargetSchema, merged(query, body));
    const processKey = await this.review.processKeyFor(meta.user.tenantId, CONSIGNMENT);
    if (!processKey) throw new AppError(409, 'flow.errors.reviewNotConfigured', { documentType: CONSIGNMENT });
    return ok(await this.run({ type: 'SubmitConsignmentForReview', data: { id: t.id, expectedVersion: t.version, processKey } }, meta));
  }

  @Roles(...CONSIGNMENT_WRITERS)
  @Button(B.audit)
  @PostOk(R.audit.path)
  async audit(@Query() query: unknown, @Body() body: unknown, @Meta() meta: RequestMeta) {
    const t = this.parse(R.audit.body as typeof transitionTargetSchema, merged(query, body));
    return ok(await this.run({ type: 'AuditConsignment', data: { id: t.id, expectedVersion: t.version } }, meta));
  }

  @Roles(...CONSIGNMENT_WRITERS)
  @Button(B.dispatch)
  @PostOk(R.dispatch.path)
  async dispatch(@Query() query: unknown, @Body() body: unknown, @Meta() meta: RequestMeta) {
    const { id, version, ...d } = this.parse(R.dispatch.body as typeof dispatchSchema, merged(query, body));
    return ok(await this.run({ type: 'DispatchConsignment', data: { id, expectedVersion: version, ...d } }, meta));
  }

  @Roles(...CONSIGNMENT_WRITERS)
  @Button(B.load)
  @PostOk(R.load.path)
  async load(@Query() query: unknown, @Body() body: unknown, @Meta() meta: RequestMeta) {
    const t = this.parse(R.load.body as typeof transitionTargetSchema, merged(query, body));
    return ok(await this.run({ type: 'LoadConsignment', data: { id: t.id, expectedVersion: t.version } }, meta));
  }

  @Roles(...CONSIGNMENT_WRITERS)
  @Button(B.arrive)
  @PostOk(R.arrive.path)
  async arrive(@Query() query: unknown, @Body() body: unknown, @Meta() meta: RequestMeta) {
    const { id, version, arrivedAt } = this.parse(R.arrive.body as typeof arriveSchema, merged(query, body));
    return ok(await this.run({ type: 'ArriveConsignment', data: { id, expectedVersion: version, arrivedAt } }, meta));
  }

  @Roles(...CONSIGNMENT_WRITERS)
  @Button(B.sign)
  @PostOk(R.sign.path)
  async sign(@Query() query: unknown, @Body() body: unknown, @Meta() meta: RequestMeta) {
    const { id, version, signer, signedAt } = this.parse(R.sign.body as typeof signSchema, merged(query, body));
    return ok(await this.run({ type: 'SignConsignment', data: { id, expectedVersion: version, signer, signedAt } }, meta));
  }

  @Roles(...CONSIGNMENT_WRITERS)
  @Button(B.cancel)
  @PostOk(R.cancel.path)
  async cancel(@Query() query: unknown, @Body() body: unknown, @Meta() meta: RequestMeta) {
    const { id, version, reason } = this.parse(R.cancel.body as typeof cancelSchema, merged(query, body));
    return ok(await this.run({ type: 'CancelConsignment', data: { id, expectedVersion: version, reason } }, meta));
  }
}
