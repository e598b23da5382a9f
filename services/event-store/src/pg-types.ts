import { TypeOverrides, type CustomTypesConfig } from 'pg';

const INT8 = 20;
const JSON_OID = 114;
const JSONB = 3802;

/**
 * How our pools turn PostgreSQL values into JavaScript: never into BigInt.
 *
 * Emmett's driver layer (dumbo) sets node-postgres' *global* type parsers when it first
 * opens a pool (at our schema migration): int8 becomes BigInt, and json/jsonb are parsed
 * with a reviver that turns every integer beyond 2^53, and every numeric-looking string
 * of more than 15 characters (a 19-digit barcode typed into a text field), into BigInt.
 * A BigInt in a record breaks every sum ("Cannot mix BigInt and other types") and every
 * answer ("Do not know how to serialize a BigInt"). Our pools carry their own parsers,
 * so what Emmett does to the global ones never reaches the app:
 * - int8 (counts, positions, serials): a decimal string, node-postgres' own default;
 * - json and jsonb (event data, metadata, read models): plain JSON.parse. A number beyond
 *   2^53 that was stored before the schemas bounded every number reads as the nearest
 *   double (readable; the data repair then brings it back into range through an event).
 */
export const storeTypes = (): CustomTypesConfig => {
  const types = new TypeOverrides();
  types.setTypeParser(INT8, (v: string) => v);
  types.setTypeParser(JSON_OID, (v: string) => JSON.parse(v) as unknown);
  types.setTypeParser(JSONB, (v: string) => JSON.parse(v) as unknown);
  return types;
};
