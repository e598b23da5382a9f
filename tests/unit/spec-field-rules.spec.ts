import {
  documentContentSchemaOf,
  documents,
  entities,
  fieldSchema,
  isinstockbill,
  translate,
  osoutstockbill,
  submitSchemaOf,
  type DocumentDef,
  type EntityDef,
  type FieldDef,
} from '@tpl/contracts';

/**
 * Issue 30 item 5: the spec's rules apply wherever the field appears. The ID-card rule (spec 01
 * section 5) on every `idCard`, the car-plate rule on every `carNo` (inbound and outbound bills
 * included), found by walking every entity and document description the registries hold
 * (headers, groups, lines, rows and action fields). A `carNo` that picks a vehicle record
 * (`ref` to basiccar) passes: the plate was judged when the vehicle was written.
 */
type Found = { where: string; field: FieldDef | { kind: 'group' } };

const walk = (where: string, fields: Record<string, FieldDef | { kind: 'group'; fields: Record<string, FieldDef> }>, out: Found[]) => {
  for (const [key, f] of Object.entries(fields)) {
    const at = `${where}.${key}`;
    if (f.kind === 'group') walk(at, (f as { fields: Record<string, FieldDef> }).fields, out);
    else if (f.kind === 'rows') walk(at, f.fields, out);
    out.push({ where: at, field: f });
  }
};

const fieldsOfEntity = (e: EntityDef): Found[] => {
  const out: Found[] = [];
  walk(`entity ${e.name}`, e.fields, out);
  return out;
};

const fieldsOfDocument = (d: DocumentDef): Found[] => {
  const out: Found[] = [];
  walk(`document ${d.name}`, d.header as never, out);
  if (d.lines) walk(`document ${d.name}.${d.lines.key}[]`, d.lines.fields, out);
  for (const [name, a] of Object.entries(d.actions)) walk(`document ${d.name} action ${name}`, a.fields ?? {}, out);
  return out;
};

const everyField = (): Found[] => [...entities.flatMap(fieldsOfEntity), ...documents.flatMap(fieldsOfDocument)];
const named = (name: string) => everyField().filter((f) => f.where.endsWith(`.${name}`));

describe('spec rules on every field of that name', () => {
  it('every idCard field carries the ID-card rule (employee.idCard and the driver`s among them)', () => {
    const found = named('idCard');
    expect(found.map((f) => f.where)).toEqual(expect.arrayContaining(['entity employee.idCard', 'entity basicdriver.idCard']));
    expect(found.filter((f) => f.field.kind !== 'idCard').map((f) => `${f.where}: ${f.field.kind}`)).toEqual([]);
  });

  it('every carNo field carries the plate rule, or picks a vehicle record', () => {
    const found = named('carNo');
    expect(found.map((f) => f.where)).toEqual(
      expect.arrayContaining(['document isinstockbill.carNo', 'document orderisinstockbill.carNo', 'document osoutstockbill.carNo', 'document osoutstockbill action ship.carNo', 'entity basiccar.carNo']),
    );
    const ruled = (f: Found['field']) => f.kind === 'plate' || (f.kind === 'ref' && (f as { entity: string }).entity === 'basiccar');
    expect(found.filter((f) => !ruled(f.field)).map((f) => `${f.where}: ${f.field.kind}`)).toEqual([]);
  });

  it('an inbound and an outbound bill refuse a bad plate and an employee a bad ID card, each with the rule`s message', () => {
    const base = (def: DocumentDef) => {
      const schema = documentContentSchemaOf(def);
      return (carNo: string) => schema.safeParse({ ...(def.example as object), carNo }).error?.issues.filter((i) => i.path[0] === 'carNo').map((i) => i.message);
    };
    for (const def of [isinstockbill, osoutstockbill]) {
      expect(base(def)('ABC')).toEqual(['validation.plate.length']);
      expect(base(def)('沪I12345')).toEqual(['validation.plate.format']);
      expect(base(def)('沪a12345')).toBeUndefined();
    }
    const employee = entities.find((e) => e.name === 'employee')!;
    const submit = (idCard: string) => submitSchemaOf(employee).safeParse({ code: 'E9', name: '张三', idCard }).error?.issues.map((i) => i.message);
    expect(submit('1101051949123100')).toEqual(['validation.idCard.length']);
    expect(submit('110105194912310021')).toEqual(['validation.idCard.checkDigit']);
    expect(submit('11010519491231002x')).toBeUndefined();
    expect(submitSchemaOf(employee).parse({ code: 'E9', name: '张三', idCard: '11010519491231002x' }).data.idCard).toBe('11010519491231002X');
  });
});

describe('the spec`s wordings', () => {
  it('empty details or work items read as spec 02 section 8 says, in English word for word', () => {
    expect(translate('en', 'validation.lines.empty')).toBe('Details or work items cannot be empty');
    expect(translate('zh', 'validation.lines.empty')).toBe('明细或作业项不能为空');
    expect(documentContentSchemaOf(isinstockbill).safeParse({ ...(isinstockbill.example as object), details: [] }).error?.issues.map((i) => i.message)).toEqual(['validation.lines.empty']);
    // the put-away's placements (work items) say the same as a document's details
    expect(fieldSchema(isinstockbill.actions.putAway!.fields!.placements!).safeParse([]).error?.issues.map((i) => i.message)).toEqual(['validation.lines.empty']);
  });
});
