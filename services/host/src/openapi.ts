import { z } from 'zod';
import { allRoutes, entities, envelopeSchema, dataSchemaOf, listQuerySchemaOf, pageSchema, type RouteDef } from '@tpl/contracts';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const toJson = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

const parametersOf = (route: RouteDef) => {
  if (!route.query) return [];
  const json = toJson(route.query);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
};

const record = z.record(z.string(), z.unknown());
const idQuery = z.object({ id: z.uuid() });

/** The framework's routes of every entity, from the same descriptions the controllers use. */
const entityRoutes = (): Record<string, RouteDef>[] =>
  entities.map((def) => {
    const base = `/api/${def.service}/${def.name}`;
    const tag = `${def.service}: ${def.title[1]}`;
    return {
      list: { method: 'GET', path: `${base}/list`, summary: `${def.title[1]}: paged list with filters and sorts`, tag, query: listQuerySchemaOf(def), response: envelopeSchema(pageSchema(record)) },
      detail: { method: 'GET', path: `${base}/detail`, summary: `${def.title[1]}: one record`, tag, query: idQuery, response: envelopeSchema(record) },
      history: { method: 'GET', path: `${base}/history`, summary: `${def.title[1]}: every change, with actor and time`, tag, query: idQuery, response: envelopeSchema(z.array(record)) },
      submit: { method: 'POST', path: `${base}/submit`, summary: `${def.title[1]}: create (no id) or update (id and expected version)`, tag, body: z.object({ id: z.uuid().optional(), version: z.number().int().optional() }).and(dataSchemaOf(def)), response: envelopeSchema(z.object({ id: z.string(), version: z.number() })) },
      remove: { method: 'POST', path: `${base}/remove`, summary: `${def.title[1]}: remove (ids comma separated; all or none)`, tag, query: z.object({ ids: z.string() }), response: envelopeSchema(z.array(record)) },
    } satisfies Record<string, RouteDef>;
  });

/** The OpenAPI document, generated from the same zod schemas the controllers validate with. */
export const buildOpenApi = () => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const group of [...Object.values(allRoutes), ...entityRoutes()]) {
    for (const route of Object.values(group)) {
      const op: Record<string, unknown> = {
        summary: route.summary,
        tags: [route.tag],
        parameters: [
          ...parametersOf(route),
          { name: 'Accept-Language', in: 'header', required: false, schema: { type: 'string', enum: ['zh-CN', 'en', 'zh-TW'] } },
        ],
        responses: {
          '200': { description: 'Envelope with code 200', content: { 'application/json': { schema: toJson(route.response) } } },
          default: {
            description: 'Envelope with code 400 (names the field), 401, 403, 404, 409 (stale version or forbidden transition) or 500',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
          },
        },
        security: route.auth === false ? [{ client: [] }] : [{ client: [], bladeAuth: [] }],
      };
      if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: toJson(route.body) } } };
      (paths[route.path] ??= {})[route.method.toLowerCase()] = op;
    }
  }
  return {
    openapi: '3.0.3',
    info: { title: '3PL operations console API', version: '0.1.0', description: 'Envelope { code, success, data, msg } on every answer.' },
    paths,
    components: {
      securitySchemes: {
        client: { type: 'http', scheme: 'basic', description: 'clientId:clientSecret (demo: console / console_secret)' },
        bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth', description: 'bearer <accessToken>' },
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          properties: { code: { type: 'integer' }, success: { type: 'boolean', enum: [false] }, data: { nullable: true }, msg: { type: 'string' } },
          required: ['code', 'success', 'data', 'msg'],
        },
      },
    },
  };
};
