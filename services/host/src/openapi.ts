import { z } from 'zod';
import { allRoutes, type RouteDef } from '@tpl/contracts';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const toJson = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

const parametersOf = (route: RouteDef) => {
  if (!route.query) return [];
  const json = toJson(route.query);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
};

/** The OpenAPI document, generated from the same zod schemas the controllers validate with. */
export const buildOpenApi = () => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const group of Object.values(allRoutes)) {
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
