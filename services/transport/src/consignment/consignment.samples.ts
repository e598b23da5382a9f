import type { ConsignmentContent } from '@tpl/contracts';

/**
 * Realistic consignment orders for the demo tenant and for tests: Shanghai-area cargo
 * owners shipping to their customers. The demo operator is a Shanghai company, so its data
 * is Chinese (data is not translated; the console's labels are); owners and goods are the
 * demo master data's (customers C001 to C003, materials by their codes and names).
 */
const customers = [
  { code: 'C001', name: '安可食品', linkman: '李雷', mobile: '13800138000', address: '上海市浦东新区港城路1号' },
  { code: 'C002', name: '蓝河饮料', linkman: '周敏', mobile: '13611112222', address: '上海市闵行区江川路88号' },
  { code: 'C003', name: '金谷贸易', linkman: '陈杰', mobile: '13922223333', address: '上海市嘉定区曹安路15号' },
];
const consignees = [
  { name: '鲜果超市浦东店', linkman: '韩梅', mobile: '13900139000', address: '上海市浦东新区市场街9号' },
  { name: '城市超市徐汇店', linkman: '王芳', mobile: '13700001111', address: '上海市徐汇区天钥桥路302号' },
  { name: '苏州日用百货', linkman: '孙浩', mobile: '15800002222', address: '苏州市姑苏区观前街21号' },
  { name: '杭州西湖商城', linkman: '赵琳', mobile: '18800003333', address: '杭州市上城区延安路100号' },
];
/** each owner's own materials of the demo master data (an order carries its customer's goods): code, name, gross weight (kg) and volume (m³) of one */
const goods: Record<string, { materialCode: string; name: string; weg: number; volume: number }[]> = {
  C001: [
    { materialCode: 'M0007', name: '挂面 500g x20', weg: 6, volume: 0.015 },
    { materialCode: 'M0008', name: '挂面 1kg x10', weg: 6, volume: 0.015 },
    { materialCode: 'M0016', name: '苏打饼干 100g x30', weg: 4, volume: 0.02 },
  ],
  C002: [
    { materialCode: 'M0010', name: '矿泉水 550ml x24', weg: 13.5, volume: 0.03 },
    { materialCode: 'M0012', name: '绿茶饮料 500ml x15', weg: 12, volume: 0.025 },
    { materialCode: 'M0009', name: '矿泉水 350ml x24', weg: 13.5, volume: 0.02 },
  ],
  C003: [
    { materialCode: 'M0002', name: '东北大米 10kg', weg: 10, volume: 0.02 },
    { materialCode: 'M0005', name: '花生油 5L', weg: 5, volume: 0.008 },
    { materialCode: 'M0001', name: '东北大米 5kg', weg: 5, volume: 0.01 },
  ],
};
const modes = ['HOME_DELIVERY', 'CUSTOMER_PICKUP', 'OUTSOURCED_LOGISTICS'] as const;

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The i-th sample order, billed on `day`. */
export const sampleConsignment = (i: number, day: string): ConsignmentContent => {
  const owner = customers[i % customers.length]!;
  const lineCount = 1 + (i % 3);
  return {
    billDate: day,
    customerCode: owner.code,
    consignor: { name: owner.name, linkman: owner.linkman, mobile: owner.mobile, address: owner.address },
    consignee: consignees[i % consignees.length]!,
    deliveryMode: modes[i % modes.length]!,
    plannedDate: addDays(day, 1 + (i % 2)),
    ...(i % 4 === 0 ? { remark: '注意防潮，中午前送达' } : {}),
    lines: Array.from({ length: lineCount }, (_, k) => {
      const own = goods[owner.code]!;
      const g = own[(i + k) % own.length]!;
      const qty = 10 * (1 + ((i + k) % 5));
      return { materialCode: g.materialCode, name: g.name, qty, weg: +(qty * g.weg).toFixed(3), volume: +(qty * g.volume).toFixed(3), packages: qty };
    }),
  };
};

/** the demo fleet's vehicles (basiccar: each with its driver and carrier) and the route each works (basicline) */
export const sampleVehicles = [
  { carNo: '沪A12345', lineCode: 'L-SH' },
  { carNo: '沪BD12345', lineCode: 'L-SH' },
  { carNo: '苏E8K321', lineCode: 'L-SH-SZ' },
  { carNo: '沪C66881', lineCode: 'L-SH-HZ' },
];

/** Why a demo order was cancelled. */
export const SAMPLE_CANCEL_REASON = '客户推迟发货';
