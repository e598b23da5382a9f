import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  AppError,
  toPage,
  type DefinitionDetail,
  type DefinitionListQuery,
  type DefinitionRow,
  type DefinitionState,
  type ModelDetail,
  type ModelListQuery,
  type ModelRow,
  type Page,
  type SubmitModel,
} from '@tpl/contracts';
import { DB_POOL, EVENT_STORE, StaleVersionError, runCommand, type EventStorePort } from '@tpl/event-store';
import { readProcessModel, type ProcessModel } from '@tpl/workflows';
import { FlowClock, metadataOf, type FlowContext } from '../flow-context';
import { DEFINITION_STREAM, MODEL_STREAM, definitionStream, definitionsFold, modelFold, modelStream, type DefinitionEvent, type ModelEvent } from './definition.events';

type DefRow = {
  definition_id: string;
  key: string;
  name: string;
  version: number;
  deployment_id: string;
  category_id: string | null;
  document_type: string | null;
  state: DefinitionState;
  del_flag: number;
  deployed_by: DefinitionRow['deployedBy'];
  deployed_at: Date;
  latest: boolean;
  running: string;
  xml?: string;
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const rowOf = (r: DefRow): DefinitionRow => ({
  id: r.definition_id,
  key: r.key,
  name: r.name,
  version: r.version,
  deploymentId: r.deployment_id,
  categoryId: r.category_id,
  documentType: r.document_type,
  state: r.state,
  delFlag: r.del_flag === 2 ? 2 : 0,
  latest: r.latest,
  deployedBy: r.deployed_by,
  deployedAt: r.deployed_at.toISOString(),
  runningInstances: Number(r.running),
});

const DEF_COLUMNS = `d.definition_id, d.key, d.name, d.version, d.deployment_id, d.category_id, d.document_type, d.state, d.del_flag, d.deployed_by, d.deployed_at,
  d.version = (SELECT max(v.version) FROM wf_definitions v WHERE v.tenant_id = d.tenant_id AND v.key = d.key AND v.del_flag = 0) AS latest,
  (SELECT count(*) FROM wf_instances i WHERE i.tenant_id = d.tenant_id AND i.definition_id = d.definition_id AND i.state = 'running') AS running`;

/** Deployed definitions are immutable: their parsed models are cached by id (a cache, not a source of truth). */
const modelCache = new Map<string, Promise<ProcessModel>>();

@Injectable()
export class DefinitionService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(FlowClock) private readonly clock: FlowClock,
  ) {}

  /** The deploy checks: bpmn-moddle warnings, our extension's rules, conditions that do not parse. */
  async check(xml: string): Promise<ProcessModel> {
    try {
      return await readProcessModel(xml);
    } catch (e) {
      return { key: '', name: '', nodes: [], flows: [], problems: [{ elementId: '', message: (e as Error).message }] };
    }
  }

  private async checked(xml: string): Promise<ProcessModel> {
    const model = await this.check(xml);
    if (model.problems.length) {
      const p = model.problems[0]!;
      const err = new AppError(400, 'flow.errors.modelInvalid', { count: model.problems.length, first: `${p.elementId ? `${p.elementId}: ` : ''}${p.message}` });
      err.data = { problems: model.problems };
      throw err;
    }
    return model;
  }

  /** Deploys XML as the next version of its process key. */
  async deploy(ctx: FlowContext, xml: string, options: { categoryId?: string | undefined; name?: string | undefined; modelId?: string } = {}): Promise<DefinitionRow> {
    const model = await this.checked(xml);
    const definitionId = randomUUID();
    await runCommand(this.store, {
      stream: definitionStream(ctx.tenantId, model.key),
      streamType: DEFINITION_STREAM,
      fold: definitionsFold,
      metadata: metadataOf(ctx, this.clock.now()),
      decide: (versions): DefinitionEvent[] => [
        {
          type: 'ProcessDefinitionDeployed',
          data: {
            definitionId,
            deploymentId: randomUUID(),
            key: model.key,
            name: options.name || model.name,
            version: versions.length + 1,
            xml,
            categoryId: options.categoryId ?? null,
            documentType: model.documentType ?? null,
            modelId: options.modelId ?? null,
          },
        },
      ],
    });
    return this.definition(ctx.tenantId, definitionId);
  }

  async list(tenantId: string, q: DefinitionListQuery, onlyActive = false): Promise<Page<DefinitionRow>> {
    const where = ['d.tenant_id = $1', 'd.del_flag = 0'];
    const params: unknown[] = [tenantId];
    const add = (clause: string, value: unknown) => {
      params.push(value);
      where.push(clause.replaceAll('?', `$${params.length}`));
    };
    if (q.keyword) add(`(d.name ILIKE ? OR d.key ILIKE ?)`, `%${likeEscape(q.keyword)}%`);
    if (q.key) add('d.key = ?', q.key);
    if (q.categoryId) add('d.category_id = ?', q.categoryId);
    if (q.state) add('d.state = ?', q.state);
    if (onlyActive) where.push(`d.state = 'active'`);
    if (q.latest) where.push('d.version = (SELECT max(v.version) FROM wf_definitions v WHERE v.tenant_id = d.tenant_id AND v.key = d.key AND v.del_flag = 0)');
    const count = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM wf_definitions d WHERE ${where.join(' AND ')}`, params);
    params.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<DefRow>(
      `SELECT ${DEF_COLUMNS} FROM wf_definitions d WHERE ${where.join(' AND ')} ORDER BY d.key, d.version DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return toPage(rows.map(rowOf), Number(count.rows[0]!.n), q);
  }

  async versions(tenantId: string, key: string): Promise<DefinitionRow[]> {
    const { rows } = await this.pool.query<DefRow>(`SELECT ${DEF_COLUMNS} FROM wf_definitions d WHERE d.tenant_id = $1 AND d.key = $2 ORDER BY d.version DESC`, [tenantId, key]);
    return rows.map(rowOf);
  }

  async definition(tenantId: string, id: string): Promise<DefinitionDetail> {
    const { rows } = await this.pool.query<DefRow>(`SELECT ${DEF_COLUMNS}, d.xml FROM wf_definitions d WHERE d.tenant_id = $1 AND d.definition_id = $2`, [tenantId, id]);
    const r = rows[0];
    if (!r) throw new AppError(404, 'flow.errors.definitionNotFound', { id });
    return { ...rowOf(r), xml: r.xml ?? '' };
  }

  /** The newest active version of a key (what a new instance starts on). */
  async latestActive(tenantId: string, key: string): Promise<DefinitionDetail> {
    const { rows } = await this.pool.query<{ definition_id: string; state: string; name: string }>(
      `SELECT definition_id, state, name FROM wf_definitions WHERE tenant_id = $1 AND key = $2 AND del_flag = 0 ORDER BY version DESC LIMIT 1`,
      [tenantId, key],
    );
    const r = rows[0];
    if (!r) throw new AppError(404, 'flow.errors.definitionNotFound', { id: key });
    if (r.state !== 'active') throw new AppError(409, 'flow.errors.definitionSuspended', { name: r.name });
    return this.definition(tenantId, r.definition_id);
  }

  modelOf(definition: { id: string; xml: string }): Promise<ProcessModel> {
    let m = modelCache.get(definition.id);
    if (!m) {
      m = readProcessModel(definition.xml);
      modelCache.set(definition.id, m);
    }
    return m;
  }

  private async changeDefinition(ctx: FlowContext, id: string, decide: (d: DefinitionDetail) => DefinitionEvent | null): Promise<DefinitionRow> {
    const def = await this.definition(ctx.tenantId, id);
    await runCommand(this.store, {
      stream: definitionStream(ctx.tenantId, def.key),
      streamType: DEFINITION_STREAM,
      fold: definitionsFold,
      metadata: metadataOf(ctx, this.clock.now()),
      decide: (versions) => {
        const current = versions.find((d) => d.definitionId === id);
        if (!current || current.deleted) throw new AppError(404, 'flow.errors.definitionNotFound', { id });
        const event = decide(def);
        return event ? [event] : [];
      },
    });
    return this.definition(ctx.tenantId, id);
  }

  changeState(ctx: FlowContext, id: string, state: DefinitionState): Promise<DefinitionRow> {
    return this.changeDefinition(ctx, id, (d) => {
      if (d.state === state) return null;
      return { type: state === 'suspended' ? 'ProcessDefinitionSuspended' : 'ProcessDefinitionActivated', data: { definitionId: id } };
    });
  }

  async remove(ctx: FlowContext, ids: string[]): Promise<DefinitionRow[]> {
    const out: DefinitionRow[] = [];
    for (const id of ids) {
      out.push(
        await this.changeDefinition(ctx, id, (d) => {
          // running instances would lose their diagram: finish or cancel them first
          if (d.runningInstances > 0) throw new AppError(409, 'flow.errors.runningInstances', { name: d.name, count: d.runningInstances });
          return { type: 'ProcessDefinitionDeleted', data: { definitionId: id } };
        }),
      );
    }
    return out;
  }

  // ---- models (designer drafts)
  async saveModel(ctx: FlowContext, body: SubmitModel): Promise<{ id: string; version: number }> {
    const model = await this.check(body.xml);
    if (model.key && model.key !== body.modelKey) throw new AppError(400, 'flow.errors.modelKeyMismatch', { modelKey: body.modelKey, processId: model.key });
    const id = body.id ?? randomUUID();
    const event: ModelEvent = {
      type: 'FlowModelSaved',
      data: { id, modelKey: body.modelKey, name: body.name, categoryId: body.categoryId ?? null, description: body.description ?? null, xml: body.xml },
    };
    try {
      const r = await runCommand(this.store, {
        stream: modelStream(ctx.tenantId, id),
        streamType: MODEL_STREAM,
        fold: modelFold,
        metadata: metadataOf(ctx, this.clock.now()),
        decide: (m, version) => {
          if (body.id) {
            if (!m.saved || m.removed) throw new AppError(404, 'flow.errors.modelNotFound', { id });
            if (body.version !== version) throw new AppError(409, 'errors.staleVersion', { current: version, expected: body.version ?? 0 });
          }
          return [event];
        },
      });
      return { id, version: r.version };
    } catch (e) {
      if (e instanceof StaleVersionError) throw new AppError(409, 'errors.concurrentChange', { expected: body.version ?? 0 });
      throw e;
    }
  }

  private async append(stream: string, events: ModelEvent[], expectedVersion: number, ctx: FlowContext) {
    try {
      await this.store.append(stream, events, { expectedVersion, metadata: metadataOf(ctx, this.clock.now()), streamType: MODEL_STREAM });
    } catch (e) {
      if (e instanceof StaleVersionError) throw new AppError(409, 'errors.concurrentChange', { expected: expectedVersion });
      throw e;
    }
  }

  async model(tenantId: string, id: string): Promise<ModelDetail> {
    const { rows } = await this.pool.query<ModelDbRow>(`SELECT * FROM wf_models WHERE tenant_id = $1 AND id = $2 AND NOT is_deleted`, [tenantId, id]);
    const r = rows[0];
    if (!r) throw new AppError(404, 'flow.errors.modelNotFound', { id });
    return { ...modelRowOf(r), xml: r.xml };
  }

  async models(tenantId: string, q: ModelListQuery): Promise<Page<ModelRow>> {
    const where = ['tenant_id = $1', 'NOT is_deleted'];
    const params: unknown[] = [tenantId];
    if (q.keyword) {
      params.push(`%${likeEscape(q.keyword)}%`);
      where.push(`(name ILIKE $${params.length} OR model_key ILIKE $${params.length})`);
    }
    if (q.categoryId) {
      params.push(q.categoryId);
      where.push(`category_id = $${params.length}`);
    }
    const count = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM wf_models WHERE ${where.join(' AND ')}`, params);
    params.push(q.size, (q.current - 1) * q.size);
    const { rows } = await this.pool.query<ModelDbRow>(
      `SELECT * FROM wf_models WHERE ${where.join(' AND ')} ORDER BY updated_at DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return toPage(rows.map(modelRowOf), Number(count.rows[0]!.n), q);
  }

  async removeModels(ctx: FlowContext, ids: string[]): Promise<{ id: string; version: number }[]> {
    const out = [];
    for (const id of ids) {
      const m = await this.model(ctx.tenantId, id);
      await this.append(modelStream(ctx.tenantId, id), [{ type: 'FlowModelRemoved', data: {} }], m.version, ctx);
      out.push({ id, version: m.version + 1 });
    }
    return out;
  }

  async deployModel(ctx: FlowContext, id: string, categoryId?: string): Promise<DefinitionRow> {
    const m = await this.model(ctx.tenantId, id);
    const def = await this.deploy(ctx, m.xml, { categoryId: categoryId ?? m.categoryId ?? undefined, name: m.name, modelId: id });
    await this.append(modelStream(ctx.tenantId, id), [{ type: 'FlowModelDeployed', data: { definitionId: def.id, version: def.version } }], m.version, ctx);
    return def;
  }
}

type ModelDbRow = {
  id: string;
  model_key: string;
  name: string;
  category_id: string | null;
  description: string | null;
  xml: string;
  version: number;
  deployed_version: number | null;
  updated_by: string;
  updated_at: Date;
};
const modelRowOf = (r: ModelDbRow): ModelRow => ({
  id: r.id,
  modelKey: r.model_key,
  name: r.name,
  categoryId: r.category_id,
  description: r.description,
  version: r.version,
  deployedVersion: r.deployed_version,
  updatedBy: r.updated_by,
  updatedAt: r.updated_at.toISOString(),
});
