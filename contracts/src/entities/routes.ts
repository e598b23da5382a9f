import { z } from 'zod';
import { envelopeSchema, pageSchema } from '../api/envelope';
import { XLSX_MEDIA_TYPE, type RouteDef } from '../api/route';
import { dataSchemaOf, fieldSchema, listQuerySchemaOf, type EntityDef } from './define';
import { entities } from './registry';
import { importPreviewSchema } from './spreadsheet';

/**
 * The entity framework's routes, from each entity's description: what the records
 * controllers serve under /api/<service>/<name> and what the OpenAPI document lists.
 * The controllers validate with these query schemas.
 */
export const recordIdQuerySchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
/** import?preview=1 (or true): check and show the rows and their errors, write nothing */
export const recordImportQuerySchema = z.object({
  preview: z
    .enum(['1', '0', 'true', 'false'], { error: 'validation.invalid' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export const recordIdsQuerySchema = z.object({
  ids: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.uuid({ error: 'validation.invalid' })).min(1, { error: 'validation.required' }).max(500)),
});

/** Opting records in to domain login, or out (`enabled` 1 or 0; true and false also read). */
export const recordFlagQuerySchema = recordIdsQuerySchema.extend({
  enabled: z.enum(['1', '0', 'true', 'false'], { error: 'validation.requiredSelect' }).transform((v) => v === '1' || v === 'true'),
});
/** A lookup route's query (an entity described with `lookup`: the dictionary call): the record's code. */
export const lookupQuerySchema = z.object({ code: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64) });

const record = z.record(z.string(), z.unknown());
const written = z.object({ id: z.string(), version: z.number().int() });

export const entityRoutesOf = (def: EntityDef): Record<string, RouteDef> => {
  const base = `/api/${def.service}/${def.name}`;
  const title = def.title[1];
  const tag = `${def.service}: ${title}`;
  const routes: Record<string, RouteDef> = {
    list: { method: 'GET', path: `${base}/list`, summary: `${title}: paged list with filters and sorts`, tag, query: listQuerySchemaOf(def), response: envelopeSchema(pageSchema(record)) },
    detail: { method: 'GET', path: `${base}/detail`, summary: `${title}: one record`, tag, query: recordIdQuerySchema, response: envelopeSchema(record) },
    history: { method: 'GET', path: `${base}/history`, summary: `${title}: every change, with actor and time`, tag, query: recordIdQuerySchema, response: envelopeSchema(z.array(record)) },
    submit: {
      method: 'POST',
      path: `${base}/submit`,
      summary: `${title}: create (no id) or update (id and expected version); button ${def.name}_add / ${def.name}_edit`,
      tag,
      body: z.object({ id: z.uuid().optional(), version: z.number().int().optional() }).and(dataSchemaOf(def)),
      response: envelopeSchema(written),
    },
    remove: { method: 'POST', path: `${base}/remove`, summary: `${title}: remove (ids comma separated; all or none); button ${def.name}_delete`, tag, query: recordIdsQuerySchema, response: envelopeSchema(z.array(written)) },
    export: {
      method: 'GET',
      path: `${base}/export`,
      summary: `${title}: the list's rows (same filters and sort) as .xlsx, streamed; file name in download-filename, count in x-total-rows; button ${def.name}_export`,
      tag,
      query: listQuerySchemaOf(def),
      response: z.null(),
      download: XLSX_MEDIA_TYPE,
    },
    template: { method: 'GET', path: `${base}/template`, summary: `${title}: the import template (.xlsx, one column per field, with notes)`, tag, response: z.null(), download: XLSX_MEDIA_TYPE },
    import: {
      method: 'POST',
      path: `${base}/import`,
      summary: `${title}: import an .xlsx (multipart field file), all rows or none; failing rows in the 400 envelope's data with a reportId; with preview=1 the rows found and every row's errors, nothing written; button ${def.name}_import`,
      tag,
      upload: true,
      query: recordImportQuerySchema,
      response: envelopeSchema(z.union([z.object({ imported: z.number().int() }), importPreviewSchema])),
    },
    importReport: {
      method: 'GET',
      path: `${base}/import-report`,
      summary: `${title}: the failing rows of an import (.xlsx), by the reportId it answered`,
      tag,
      query: recordIdQuerySchema,
      response: z.null(),
      download: XLSX_MEDIA_TYPE,
    },
  };
  if (def.passwordOnCreate?.length) {
    routes.resetPassword = {
      method: 'POST',
      path: `${base}/reset-password`,
      summary: `${title}: reset the login password of the given records to the default (ids comma separated); button ${def.name}_reset_password`,
      tag,
      query: recordIdsQuerySchema,
      response: envelopeSchema(z.array(written)),
    };
  }
  if (def.domainLogin) {
    routes.domainLogin = {
      method: 'POST',
      path: `${base}/domain-login`,
      summary: `${title}: opt the given records in to domain (AD / LDAP) login (enabled=1: they sign in only with their directory password) or out (enabled=0), after the console's confirmation; button ${def.name}_domain_login`,
      tag,
      query: recordFlagQuerySchema,
      response: envelopeSchema(z.array(written)),
    };
  }
  if (def.lookup) {
    const rowsField = def.fields[def.lookup.rows];
    routes[def.lookup.route] = {
      method: 'GET',
      path: `${base}/${def.lookup.route}`,
      summary: `${title}: the ${def.lookup.rows} of the record with this code, sorted${def.lookup.sort ? ` by ${def.lookup.sort}` : ''}`,
      tag,
      query: lookupQuerySchema,
      response: envelopeSchema(rowsField?.kind === 'rows' ? z.array(z.object(Object.fromEntries(Object.entries(rowsField.fields).map(([k, f]) => [k, fieldSchema(f)])))) : z.array(record)),
    };
  }
  return routes;
};

/** Every entity's routes, by entity name. */
export const entityRoutes = (): Record<string, Record<string, RouteDef>> => Object.fromEntries(entities.map((d) => [d.name, entityRoutesOf(d)]));
