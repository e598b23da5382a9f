import type { ConsignmentContent } from '@tpl/contracts';

/**
 * Realistic consignment orders for the demo tenant and for tests: Shanghai-area cargo
 * owners shipping to their customers.
 */
const customers = [
  { code: 'C001', name: 'Acme Foods Co.', linkman: 'Li Lei', mobile: '13800138000', address: 'No. 1 Harbor Road, Pudong, Shanghai' },
  { code: 'C002', name: 'Blue River Beverages', linkman: 'Zhou Min', mobile: '13611112222', address: '88 Jiangchuan Road, Minhang, Shanghai' },
  { code: 'C003', name: 'Golden Grain Trading', linkman: 'Chen Jie', mobile: '13922223333', address: '15 Caoan Road, Jiading, Shanghai' },
];
const consignees = [
  { name: 'Fresh Mart Pudong', linkman: 'Han Mei', mobile: '13900139000', address: 'No. 9 Market Street, Pudong, Shanghai' },
  { name: 'City Supermarket Xuhui', linkman: 'Wang Fang', mobile: '13700001111', address: '302 Tianyaoqiao Road, Xuhui, Shanghai' },
  { name: 'Suzhou Daily Goods Store', linkman: 'Sun Hao', mobile: '15800002222', address: '21 Guanqian Street, Gusu, Suzhou' },
  { name: 'Hangzhou West Lake Mall', linkman: 'Zhao Lin', mobile: '18800003333', address: '100 Yan\'an Road, Shangcheng, Hangzhou' },
];
const goods = [
  { materialCode: 'M001', name: 'Rice 10kg bag', weg: 10, volume: 0.02 },
  { materialCode: 'M002', name: 'Soy sauce 500ml x12', weg: 7.2, volume: 0.015 },
  { materialCode: 'M003', name: 'Mineral water 550ml x24', weg: 13.5, volume: 0.03 },
  { materialCode: 'M004', name: 'Peanut oil 5L', weg: 4.6, volume: 0.008 },
  { materialCode: 'M005', name: 'Instant noodles x24', weg: 2.8, volume: 0.04 },
];
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
    ...(i % 4 === 0 ? { remark: 'Keep dry; deliver before noon' } : {}),
    lines: Array.from({ length: lineCount }, (_, k) => {
      const g = goods[(i + k) % goods.length]!;
      const qty = 10 * (1 + ((i + k) % 5));
      return { materialCode: g.materialCode, name: g.name, qty, weg: +(qty * g.weg).toFixed(3), volume: +(qty * g.volume).toFixed(3), packages: qty };
    }),
  };
};

export const sampleDrivers = [
  { plateNo: '沪A12345', driverName: 'Wang Qiang', driverMobile: '13700137000' },
  { plateNo: '沪BD12345', driverName: 'Liu Yang', driverMobile: '13511112222' },
  { plateNo: '苏E8K321', driverName: 'Ma Jun', driverMobile: '18912345678' },
];
