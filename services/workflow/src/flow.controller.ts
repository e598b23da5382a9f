import { Body, Controller, Get, Inject, Query } from '@nestjs/common';
import type { z } from 'zod';
import {
  AppError,
  FLOW,
  FLOW_BUTTONS as B,
  FLOW_DESIGNERS,
  flowRoutes as R,
  LEAVE,
  ok,
  parseOrThrow,
  type changeStateSchema,
  type checkModelSchema,
  type claimTaskSchema,
  type completeTaskSchema,
  type copyTaskSchema,
  type definitionListQuerySchema,
  type delegateTaskSchema,
  type deployModelSchema,
  type deployXmlSchema,
  type instanceListQuerySchema,
  type modelListQuerySchema,
  type rejectTaskSchema,
  type startLeaveSchema,
  type startProcessSchema,
  type submitModelSchema,
  type submitReviewConfigSchema,
  type taskListQuerySchema, queryAndBody } from '@tpl/contracts';
import { Button, Meta, PostOk, Roles, type RequestMeta } from '@tpl/identity';
import { DefinitionService } from './definition/definition.service';
import { InstanceService } from './instance/instance.service';
import { FlowQueries } from './flow.queries';
import { ReviewConfigService } from './review/review-config.service';
import { LeaveService } from './leave/leave.service';
import type { FlowContext } from './flow-context';
import { ProcessWalls } from './process-wall';

const ctxOf = ({ user, correlationId, commandId }: RequestMeta): FlowContext => ({
  tenantId: user.tenantId,
  actor: { userId: user.userId, account: user.account, name: user.name },
  roles: user.roles,
  correlationId,
  causationId: commandId,
});
/** query and JSON body merged; a body that is not an object is malformed (400) */
const merged = (query: unknown, body: unknown) => queryAndBody(query, body, 'request');
const parse = <S extends z.ZodType>(schema: unknown, input: unknown, entity = FLOW): z.output<S> => parseOrThrow(schema as S, input, entity);

/** /api/bl-flow: HTTP -> services; validation from the contracts' route registry, no rules here. */
@Controller()
export class FlowController {
  constructor(
    @Inject(DefinitionService) private readonly definitions: DefinitionService,
    @Inject(InstanceService) private readonly instances: InstanceService,
    @Inject(FlowQueries) private readonly queries: FlowQueries,
    @Inject(ReviewConfigService) private readonly reviewConfig: ReviewConfigService,
    @Inject(LeaveService) private readonly leave: LeaveService,
    @Inject(ProcessWalls) private readonly walls: ProcessWalls,
  ) {}

  /** The caller's process wall: the processes of documents it may see (process-wall.ts). */
  private wall(m: RequestMeta) {
    return this.walls.of(m.user);
  }

  /** A task of a process the caller may not see answers 404 to every command, as to its reading. */
  private async taskVisible(m: RequestMeta, taskId: string) {
    await this.queries.assertTaskVisible(m.user.tenantId, taskId, await this.wall(m));
  }

  // ---- models
  @Get(R.modelList.path)
  async modelList(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.definitions.models(m.user.tenantId, parse<typeof modelListQuerySchema>(R.modelList.query, q)));
  }

  @Get(R.modelDetail.path)
  async modelDetail(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.definitions.model(m.user.tenantId, parse<z.ZodObject<{ id: z.ZodUUID }>>(R.modelDetail.query, q).id));
  }

  @PostOk(R.modelSubmit.path)
  @Roles(...FLOW_DESIGNERS)
  @Button(B.modelSave)
  async modelSubmit(@Body() b: unknown, @Meta() m: RequestMeta) {
    return ok(await this.definitions.saveModel(ctxOf(m), parse<typeof submitModelSchema>(R.modelSubmit.body, b)));
  }

  @PostOk(R.modelRemove.path)
  @Roles(...FLOW_DESIGNERS)
  @Button(B.modelRemove)
  async modelRemove(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.definitions.removeModels(ctxOf(m), parse<z.ZodObject<{ ids: z.ZodType<string[]> }>>(R.modelRemove.query, q).ids));
  }

  @PostOk(R.modelCheck.path)
  async modelCheck(@Body() b: unknown) {
    const model = await this.definitions.check(parse<typeof checkModelSchema>(R.modelCheck.body, b).xml);
    return ok({ key: model.key, name: model.name, problems: model.problems });
  }

  @PostOk(R.modelDeploy.path)
  @Roles(...FLOW_DESIGNERS)
  @Button(B.deploy)
  async modelDeploy(@Body() b: unknown, @Meta() m: RequestMeta) {
    const body = parse<typeof deployModelSchema>(R.modelDeploy.body, b);
    return ok(await this.definitions.deployModel(ctxOf(m), body.id, body.categoryId));
  }

  // ---- definitions
  @Get(R.managerList.path)
  async managerList(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.definitions.list(m.user.tenantId, parse<typeof definitionListQuerySchema>(R.managerList.query, q)));
  }

  @Get(R.managerVersions.path)
  async managerVersions(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.definitions.versions(m.user.tenantId, parse<z.ZodObject<{ key: z.ZodString }>>(R.managerVersions.query, q).key));
  }

  @Get(R.managerDetail.path)
  async managerDetail(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.definitions.definition(m.user.tenantId, parse<z.ZodObject<{ id: z.ZodUUID }>>(R.managerDetail.query, q).id));
  }

  @PostOk(R.managerDeploy.path)
  @Roles(...FLOW_DESIGNERS)
  @Button(B.deploy)
  async managerDeploy(@Body() b: unknown, @Meta() m: RequestMeta) {
    const body = parse<typeof deployXmlSchema>(R.managerDeploy.body, b);
    return ok(await this.definitions.deploy(ctxOf(m), body.xml, { categoryId: body.categoryId, name: body.name }));
  }

  @PostOk(R.managerChangeState.path)
  @Roles(...FLOW_DESIGNERS)
  @Button(B.suspend)
  async managerChangeState(@Query() q: unknown, @Body() b: unknown, @Meta() m: RequestMeta) {
    const body = parse<typeof changeStateSchema>(R.managerChangeState.body, merged(q, b));
    return ok(await this.definitions.changeState(ctxOf(m), body.processId, body.state));
  }

  @PostOk(R.managerRemove.path)
  @Roles(...FLOW_DESIGNERS)
  @Button(B.remove)
  async managerRemove(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.definitions.remove(ctxOf(m), parse<z.ZodObject<{ ids: z.ZodType<string[]> }>>(R.managerRemove.query, q).ids));
  }

  // ---- work
  @Get(R.startList.path)
  async startList(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.definitions.list(m.user.tenantId, { ...parse<typeof definitionListQuerySchema>(R.startList.query, q), latest: true }, true));
  }

  @PostOk(R.startProcess.path)
  async startProcess(@Body() b: unknown, @Meta() m: RequestMeta) {
    const body = parse<typeof startProcessSchema>(R.startProcess.body, b);
    return ok(await this.instances.start(ctxOf(m), { definitionId: body.processDefinitionId, processKey: body.processKey, businessKey: body.businessKey, variables: body.variables }));
  }

  private listQuery(q: unknown) {
    return parse<typeof taskListQuerySchema>(R.todoList.query, q);
  }

  @Get(R.todoList.path)
  async todoList(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.queries.todo(ctxOf(m), this.listQuery(q), await this.wall(m)));
  }

  @Get(R.claimList.path)
  async claimList(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.queries.claimable(ctxOf(m), this.listQuery(q), await this.wall(m)));
  }

  @Get(R.doneList.path)
  async doneList(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.queries.done(ctxOf(m), this.listQuery(q), await this.wall(m)));
  }

  @Get(R.sendList.path)
  async sendList(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.queries.sent(ctxOf(m), this.listQuery(q), await this.wall(m)));
  }

  @Get(R.copyList.path)
  async copyList(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.queries.copies(ctxOf(m), this.listQuery(q), await this.wall(m)));
  }

  @Get(R.taskDetail.path)
  async taskDetail(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.queries.task(ctxOf(m), parse<typeof claimTaskSchema>(R.taskDetail.query, q).taskId, await this.wall(m)));
  }

  @PostOk(R.claimTask.path)
  @Button(B.claim)
  async claimTask(@Query() q: unknown, @Body() b: unknown, @Meta() m: RequestMeta) {
    const body = parse<typeof claimTaskSchema>(R.claimTask.body, merged(q, b));
    await this.taskVisible(m, body.taskId);
    return ok(await this.instances.claim(ctxOf(m), body.taskId, body.version));
  }

  @PostOk(R.completeTask.path)
  @Button(B.approve)
  async completeTask(@Query() q: unknown, @Body() b: unknown, @Meta() m: RequestMeta) {
    const body = parse<typeof completeTaskSchema>(R.completeTask.body, merged(q, b));
    await this.taskVisible(m, body.taskId);
    return ok(await this.instances.complete(ctxOf(m), body.taskId, body));
  }

  @PostOk(R.rejectTask.path)
  @Button(B.reject)
  async rejectTask(@Query() q: unknown, @Body() b: unknown, @Meta() m: RequestMeta) {
    const body = parse<typeof rejectTaskSchema>(R.rejectTask.body, merged(q, b));
    await this.taskVisible(m, body.taskId);
    return ok(await this.instances.reject(ctxOf(m), body.taskId, body));
  }

  @Get(R.backNodes.path)
  async backNodes(@Query() q: unknown, @Meta() m: RequestMeta) {
    const { taskId } = parse<typeof claimTaskSchema>(R.backNodes.query, q);
    await this.taskVisible(m, taskId);
    return ok(await this.instances.backNodes(ctxOf(m), taskId));
  }

  @PostOk(R.delegateTask.path)
  @Button(B.delegate)
  async delegateTask(@Query() q: unknown, @Body() b: unknown, @Meta() m: RequestMeta) {
    const body = parse<typeof delegateTaskSchema>(R.delegateTask.body, merged(q, b));
    await this.taskVisible(m, body.taskId);
    return ok(await this.instances.handOn(ctxOf(m), 'delegate', body.taskId, body));
  }

  @PostOk(R.transferTask.path)
  @Button(B.transfer)
  async transferTask(@Query() q: unknown, @Body() b: unknown, @Meta() m: RequestMeta) {
    const body = parse<typeof delegateTaskSchema>(R.transferTask.body, merged(q, b));
    await this.taskVisible(m, body.taskId);
    return ok(await this.instances.handOn(ctxOf(m), 'transfer', body.taskId, body));
  }

  @PostOk(R.copyTask.path)
  @Button(B.copy)
  async copyTask(@Query() q: unknown, @Body() b: unknown, @Meta() m: RequestMeta) {
    const body = parse<typeof copyTaskSchema>(R.copyTask.body, merged(q, b));
    await this.taskVisible(m, body.taskId);
    return ok(await this.instances.copy(ctxOf(m), body.taskId, body));
  }

  // ---- process instances: readable by every user of the tenant who may see the document (auditors replay decisions)
  @Get(R.processList.path)
  async processList(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.queries.instanceList(m.user.tenantId, parse<typeof instanceListQuerySchema>(R.processList.query, q), await this.wall(m)));
  }

  @Get(R.processDetail.path)
  async processDetail(@Query() q: unknown, @Meta() m: RequestMeta) {
    return ok(await this.queries.detail(m.user.tenantId, parse<z.ZodObject<{ instanceId: z.ZodUUID }>>(R.processDetail.query, q).instanceId, await this.wall(m)));
  }

  @Get(R.historyFlowList.path)
  async historyFlowList(@Query() q: unknown, @Meta() m: RequestMeta) {
    const { instanceId } = parse<z.ZodObject<{ instanceId: z.ZodUUID }>>(R.historyFlowList.query, q);
    await this.queries.assertVisible(m.user.tenantId, instanceId, await this.wall(m));
    return ok((await this.instances.load(m.user.tenantId, instanceId)).history);
  }

  @Get(R.byBusiness.path)
  async byBusiness(@Query() q: unknown, @Meta() m: RequestMeta) {
    const { documentType, businessKey } = parse<z.ZodObject<{ documentType: z.ZodString; businessKey: z.ZodString }>>(R.byBusiness.query, q);
    return ok(await this.queries.byBusiness(m.user.tenantId, documentType, businessKey, await this.wall(m)));
  }

  // ---- review configuration
  @Get(R.reviewConfigList.path)
  async reviewConfigList(@Meta() m: RequestMeta) {
    return ok(await this.reviewConfig.list(m.user.tenantId));
  }

  @PostOk(R.reviewConfigSubmit.path)
  @Roles(...FLOW_DESIGNERS)
  @Button(B.reviewConfig)
  async reviewConfigSubmit(@Body() b: unknown, @Meta() m: RequestMeta) {
    return ok(await this.reviewConfig.submit(ctxOf(m), parse<typeof submitReviewConfigSchema>(R.reviewConfigSubmit.body, b)));
  }

  // ---- leave sample
  @PostOk(R.leaveStart.path)
  async leaveStart(@Body() b: unknown, @Meta() m: RequestMeta) {
    return ok(await this.leave.start(ctxOf(m), parse<typeof startLeaveSchema>(R.leaveStart.body, b, LEAVE)));
  }

  @Get(R.leaveDetail.path)
  async leaveDetail(@Query() q: unknown, @Meta() m: RequestMeta) {
    const { businessId } = parse<z.ZodObject<{ businessId: z.ZodUUID }>>(R.leaveDetail.query, q, LEAVE);
    const doc = await this.leave.detail(m.user.tenantId, businessId);
    // behind the wall of its process: a request the caller may not see is not there (it names no cargo owner: none to an owner's user)
    const seen = !doc.instanceId || (await this.queries.byBusiness(m.user.tenantId, LEAVE, businessId, await this.wall(m))).length > 0;
    if (!seen) throw new AppError(404, 'leave.errors.notFound', { id: businessId });
    return ok(doc);
  }
}
