import { documentSubmitSchemaOf, secbombill } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { bomDecisions } from './bom.decisions';

// The BOM, given/when/then: the spec's rule on its two kinds of line (the description's, so every caller meets it), its lines numbered, confirmed before use.
const spec = documentSpec(secbombill, bomDecisions, { id: 'b1', billNo: 'BM001' });
const content = (o: Record<string, unknown> = {}) => ({
  billDate: '2026-11-24', customerCode: 'C1', bomName: '礼盒组套',
  details: [{ materialCode: 'RAW1', qty: 2 }, { materialCode: 'RAW2', qty: 1 }],
  products: [{ materialCode: 'KIT', qty: 1 }],
  ...o,
});
const issuesOf = (body: Record<string, unknown>) => {
  const r = documentSubmitSchemaOf(secbombill).safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('processing BOM', () => {
  it("is refused on submit without a raw-material line, or without a finished-goods line, in the spec's words, naming the lines", () => {
    expect(issuesOf(content())).toEqual([]);
    expect(issuesOf(content({ details: [] }))).toEqual([['details', 'validation.bomNeedsBoth']]);
    expect(issuesOf(content({ products: [] }))).toEqual([['products', 'validation.bomNeedsBoth']]);
    expect(issuesOf(content({ details: [], products: [] }))).toEqual([['details', 'validation.bomNeedsBoth'], ['products', 'validation.bomNeedsBoth']]);
  });

  it('takes a material as both raw and finished (a repack keeps its goods), never one finished good twice; finished goods left out are asked for', () => {
    expect(issuesOf(content({ products: [{ materialCode: 'RAW1', qty: 1 }] }))).toEqual([]);
    expect(issuesOf(content({ products: undefined }))).toEqual([['products', 'validation.required']]);
    expect(issuesOf(content({ products: [{ materialCode: 'KIT', qty: 1 }, { materialCode: 'KIT', qty: 2 }] }))).toEqual([['products.1.materialCode', 'validation.lines.duplicate']]);
  });

  it('numbers both kinds of line and is confirmed before a task may use it; a confirmed BOM is retired by cancelling it', () => {
    const { doc } = spec.given([]).when({ create: content() }).then({ doc: { state: 'Draft' } });
    expect(doc!.details!.map((l) => l.lineNumber)).toEqual([1, 2]);
    expect((doc!.products as { lineNumber: number }[]).map((l) => l.lineNumber)).toEqual([1]);
    spec.given([spec.created(content())]).when({ act: 'audit' }).then({ doc: { state: 'Audited' } });
    spec.given([spec.created(content()), spec.acted('audit')]).when({ act: 'cancel', fields: {} }).then({ doc: { state: 'Cancelled' } });
    spec.given([spec.created(content()), spec.acted('audit')]).when({ act: 'audit' }).thenRefused({ code: 409 });
  });
});
