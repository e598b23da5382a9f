import { Body, Controller, Get, Inject, Query, type Type } from '@nestjs/common';
import { z } from 'zod';
import { listQuerySchemaOf, ok, parseOrThrow, submitSchemaOf, type EntityDef } from '@tpl/contracts';
import { Meta, PostOk, type RequestMeta } from '@tpl/identity';
import { RecordsService, type RecordContext } from './records.service';

const idQuery = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const idsQuery = z.object({
  ids: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.uuid({ error: 'validation.invalid' })).min(1, { error: 'validation.required' }).max(500)),
});

export const contextOf = ({ user, correlationId }: RequestMeta): RecordContext => ({
  tenantId: user.tenantId,
  actor: { userId: user.userId, account: user.account, name: user.name },
  correlationId,
});

/**
 * One controller class per entity, made from its description: list, detail, submit,
 * remove and history under /api/<service>/<name>, validated by the entity's schemas.
 */
export const recordsControllerFor = (def: EntityDef): Type<unknown> => {
  const listQuery = listQuerySchemaOf(def);
  const submitBody = submitSchemaOf(def);

  @Controller(`/api/${def.service}/${def.name}`)
  class EntityRecordsController {
    constructor(@Inject(RecordsService) readonly records: RecordsService) {}

    @Get('list')
    async list(@Query() query: unknown, @Meta() meta: RequestMeta) {
      return ok(await this.records.list(def, meta.user.tenantId, parseOrThrow(listQuery, query, def.name)));
    }

    @Get('detail')
    async detail(@Query() query: unknown, @Meta() meta: RequestMeta) {
      return ok(await this.records.detail(def, meta.user.tenantId, parseOrThrow(idQuery, query, def.name).id));
    }

    @Get('history')
    async history(@Query() query: unknown, @Meta() meta: RequestMeta) {
      return ok(await this.records.history(def, meta.user.tenantId, parseOrThrow(idQuery, query, def.name).id));
    }

    @PostOk('submit')
    async submit(@Body() body: unknown, @Meta() meta: RequestMeta) {
      return ok(await this.records.submit(def, contextOf(meta), parseOrThrow(submitBody, body ?? {}, def.name)));
    }

    @PostOk('remove')
    async remove(@Query() query: unknown, @Meta() meta: RequestMeta) {
      return ok(await this.records.remove(def, contextOf(meta), parseOrThrow(idsQuery, query, def.name).ids));
    }
  }
  Object.defineProperty(EntityRecordsController, 'name', { value: `${def.name}RecordsController` });
  return EntityRecordsController;
};
