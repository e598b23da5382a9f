import { z } from 'zod';
import { documentActionSchemaOf, documents, formatIssues, isinstockbill, labelPrintBodySchema } from '@tpl/contracts';

/**
 * What an action's body must carry is said once: the OpenAPI document's `required` (the schema's
 * JSON form, as services/host/src/openapi.ts makes it) lists exactly the fields the server asks
 * for when a body carries only id and version, for every action of every document type. And a
 * body of the wrong shape names the field at fault, rows and their columns included.
 */
const target = { id: '6f1c1f7e-8a39-4c3b-9d1e-5b7d2a0f4c11', version: 3 };

describe('action bodies: the OpenAPI required list is what the server requires', () => {
  for (const def of documents) {
    for (const [action, a] of Object.entries(def.actions)) {
      if (a.system) continue;
      it(`${def.name}.${action}`, () => {
        const schema = documentActionSchemaOf(def, action);
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as { required?: string[] };
        const parsed = schema.safeParse(target);
        const refused = parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0]));
        expect([...new Set(refused)].sort()).toEqual((json.required ?? []).filter((k) => k !== 'id' && k !== 'version').sort());
      });
    }
  }

  it('rows that need at least one row are required: left out or null is "please input", never a missing list downstream', () => {
    const schema = documentActionSchemaOf(isinstockbill, 'putAway');
    for (const body of [target, { ...target, placements: null }]) {
      const parsed = schema.safeParse(body);
      expect(parsed.success).toBe(false);
      expect(formatIssues(parsed.error!.issues, isinstockbill.name, 'en', body).map((f) => f.message)).toEqual(['Please input Placements']);
    }
  });

  it('a value of the wrong shape inside rows names the row and the column, and a bad version names the version', () => {
    const schema = documentActionSchemaOf(isinstockbill, 'putAway');
    const say = (body: Record<string, unknown>) => {
      const parsed = schema.safeParse(body);
      return parsed.success ? [] : formatIssues(parsed.error.issues, isinstockbill.name, 'en', body).map((f) => f.message);
    };
    expect(say({ ...target, placements: [{ lineNumber: 'x', warehousePlaceCode: 'A-01-01', qty: 1 }] })).toEqual(['Line 1 Line must be a number']);
    expect(say({ ...target, placements: 'abc' })).toEqual(['Placements is not valid']);
    expect(say({ ...target, version: 'v', placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01-01', qty: 1 }] })).toEqual(['Version must be a number']);
    expect(say({ ...target, placements: [{ lineNumber: 1, qty: 1 }] })).toEqual(['Please select Line 1 Location']);
  });
});

describe('the label print body names its rows and their columns', () => {
  const say = (body: unknown) => {
    const parsed = labelPrintBodySchema.safeParse(body);
    return parsed.success ? [] : formatIssues(parsed.error.issues, 'warehouse.labelPrint', 'en', body).map((f) => f.message);
  };
  it('rows of the wrong type, a line that is not a number, a print quantity that is not one', () => {
    expect(say({ rows: 'x' })).toEqual(['Rows to print is not valid']);
    expect(say({ rows: [{ lineNumber: 'x', printQty: 1 }] })).toEqual(['Line 1 Line is not valid']);
    expect(say({ rows: [{ lineNumber: 1, printQty: 'many' }] })).toEqual(['Line 1 Print quantity is not valid']);
    expect(say({ rows: [{ lineNumber: 1 }] })).toEqual([]);
  });
});
