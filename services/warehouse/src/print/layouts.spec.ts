import { consigneeOf } from './layouts';

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
