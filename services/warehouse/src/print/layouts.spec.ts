import { PACKAGE_LABEL_LINES, consigneeOf, packageLabelDefinition } from './layouts';

// The delivery note's consignee, given the bill, its order and its owner: then who is printed.
const owner = { code: 'C001', name: '安可食品', fullName: '上海安可食品有限公司', linkman: '李雷', mobile: '13800138000', address: '上海市工业园区01号' };

describe("the delivery note's consignee", () => {
  it("is the bill's own receiver when it names one", () => {
    const bill = { receiverName: '王芳', receiverMobile: '13988887777', receiverAddress: '南京西路88号' };
    const order = { receiverName: '赵六', receiverMobile: '13100000000', receiverAddress: '别处1号' };
    expect(consigneeOf(bill, order, owner)).toEqual({ name: '王芳', mobile: '13988887777', address: '南京西路88号' });
  });

  it("is the order's receiver when the bill names none, taken whole (never mixed with the bill's or the owner's)", () => {
    const order = { receiverName: '赵六', receiverAddress: '别处1号' };
    expect(consigneeOf({ receiverName: ' ', receiverMobile: '13988887777' }, order, owner)).toEqual({ name: '赵六', mobile: '', address: '别处1号' });
  });

  it('is the cargo owner (full name, contact, phone, address) when neither names a receiver', () => {
    expect(consigneeOf({}, undefined, owner)).toEqual({ name: '上海安可食品有限公司 李雷', mobile: '13800138000', address: '上海市工业园区01号' });
    expect(consigneeOf({}, {}, { name: '安可食品', tel: '021-1234' })).toEqual({ name: '安可食品', mobile: '021-1234', address: '' });
  });
});

// A temporary package's label: one label, its number drawn as the barcode, its content below.
describe("a temporary package's label", () => {
  const tr = (key: string, vars?: Record<string, string | number>) => (vars ? `${key}:${Object.values(vars).join(',')}` : key);
  const content = (n: number) => Array.from({ length: n }, (_, i) => ({ materialCode: `M${i + 1}`, materialName: `物料${i + 1}`, batchNo: i % 2 ? '' : `B${i}`, qty: i + 1 }));
  const texts = (d: unknown): string[] => JSON.stringify(d).match(/"text":"[^"]*"/g)?.map((t) => t.slice(8, -1)) ?? [];
  const input = (n: number) => ({ billNo: 'LB2026112400001', barcode: 'data:image/png;base64,AAAA', owner: { code: 'C002', name: '蓝河饮料' }, place: 'B-02-02', packageType: '纸箱', content: content(n), total: 99 });

  it('is one 100 × 70 mm label carrying the package number under its barcode, the owner, location, type and the total', () => {
    const d = packageLabelDefinition(input(2), tr);
    expect(d.pageSize).toEqual({ width: 283.46, height: 198.43 });
    expect((d.content as unknown[]).length).toBe(1);
    const words = texts(d);
    expect(words).toEqual(expect.arrayContaining(['LB2026112400001', 'warehouse.print.label.owner: C002 蓝河饮料', 'warehouse.print.label.place: B-02-02', 'warehouse.print.package.type: 纸箱', 'M1 物料1', 'B0', '99']));
    expect(JSON.stringify(d)).toContain('"image":"data:image/png;base64,AAAA"');
  });

  it(`names at most ${PACKAGE_LABEL_LINES} content lines and says how many more there are`, () => {
    const words = texts(packageLabelDefinition(input(PACKAGE_LABEL_LINES + 3), tr));
    expect(words).toContain(`M${PACKAGE_LABEL_LINES} 物料${PACKAGE_LABEL_LINES}`);
    expect(words).not.toContain(`M${PACKAGE_LABEL_LINES + 1} 物料${PACKAGE_LABEL_LINES + 1}`);
    expect(words).toContain('warehouse.print.package.more:3');
    expect(texts(packageLabelDefinition(input(PACKAGE_LABEL_LINES), tr)).some((w) => w.startsWith('warehouse.print.package.more'))).toBe(false);
  });
});
