import { z } from 'zod';
import { allRoutes, entityRoutes, systemRoutes, type RouteDef } from '@tpl/contracts';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const toJson = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

/** Path parameters ({source}, {license}, {id}) and the query's fields. */
const parametersOf = (route: RouteDef) => {
  const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1]!, in: 'path', required: true, schema: { type: 'string' } }));
  if (!route.query) return inPath;
  const json = toJson(route.query);
  const required = new Set(json.required ?? []);
  return [...inPath, ...Object.entries(json.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }))];
};

const ok200 = (route: RouteDef) =>
  route.download
    ? { description: `The file (${route.download}); errors answer the envelope`, content: { [route.download]: { schema: { type: 'string', format: 'binary' } } } }
    : { description: 'Envelope with code 200', content: { 'application/json': { schema: toJson(route.response) } } };

const requestBodyOf = (route: RouteDef) => {
  if (route.upload) {
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
    };
  }
  // an optional body (the token route's: only the domain grant sends one) is described as its inner schema, not required
  if (route.body instanceof z.ZodOptional) return { required: false, content: { 'application/json': { schema: toJson(route.body.unwrap() as z.ZodType) } } };
  return route.body ? { required: true, content: { 'application/json': { schema: toJson(route.body) } } } : undefined;
};

/**
 * The OpenAPI document, generated from the same zod schemas the controllers validate with:
 * the described routes (allRoutes, systemRoutes) and every entity's (entityRoutes).
 */
export const buildOpenApi = () => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const group of [...Object.values(allRoutes), systemRoutes, ...Object.values(entityRoutes())]) {
    for (const route of Object.values(group)) {
      const op: Record<string, unknown> = {
        summary: route.summary,
        tags: [route.tag],
        parameters: [
          ...parametersOf(route),
          { name: 'Accept-Language', in: 'header', required: false, schema: { type: 'string', enum: ['zh-CN', 'en', 'zh-TW'] } },
        ],
        responses: {
          '200': ok200(route),
          default: {
            description: 'Envelope with code 400 (names the field), 401, 403, 404, 409 (stale version or forbidden transition) or 500',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
          },
        },
        security: route.auth === false ? [{ client: [] }] : [{ client: [], bladeAuth: [] }],
      };
      const body = requestBodyOf(route);
      if (body) op.requestBody = body;
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

/**
 * The OpenAPI document as an object whose contents are built on first read (a request of
 * /api/docs), not at every start: building it converts every route's schemas (about half a
 * second of a host's start on a 2-core machine). Built once, then the same object is read.
 */
export const lazyOpenApi = (build: () => object = buildOpenApi): object => {
  let doc: object | undefined;
  const real = () => (doc ??= build());
  return new Proxy(
    {},
    {
      get: (_t, key) => Reflect.get(real(), key),
      has: (_t, key) => Reflect.has(real(), key),
      ownKeys: () => Reflect.ownKeys(real()),
      getOwnPropertyDescriptor: (_t, key) => {
        const d = Reflect.getOwnPropertyDescriptor(real(), key);
        // the empty target holds none of them: a proxy may report them only as configurable
        return d && { ...d, configurable: true };
      },
    },
  );
};
