import { storageBasisLabels } from '../charges';
import { date, defineEntity, flag, num, oneOf, ref, rows, text, uniqueInRows } from '../../entities/define';
import { L } from '../../i18n/labels';

/**
 * Logistics (fee) agreement with its distribution tiers: price per tier of quantity.
 * Tiers: lowerLimit below upLimit, and no two tiers overlap.
 */
export const lgagreement = defineEntity({
  name: 'lgagreement',
  service: 'bl-basic',
  title: L('物流协议', 'Fee agreement', '物流協議'),
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'customer', field: 'customerCode' },
  fields: {
    code: text(L('协议编码', 'Agreement code', '協議編碼'), { required: true, max: 40, filter: true }),
    name: text(L('协议名称', 'Agreement name', '協議名稱'), { required: true, filter: true }),
    customerCode: ref(L('客户', 'Customer', '客戶'), 'customer', { required: true, filter: true }),
    startDate: date(L('开始日期', 'Start date', '開始日期'), { required: true }),
    endDate: date(L('结束日期', 'End date', '結束日期'), { required: true }),
    warehouseAreaCode: ref(L('库区', 'Warehouse area', '庫區'), 'warehousearea'),
    /** what storage is priced per (billing, docs/DOMAIN.md "Billing"): tonnes unless the agreement says pallets or m³ */
    storageBasis: oneOf(L('仓储计费方式', 'Storage priced by', '倉儲計費方式'), storageBasisLabels, { list: false }),
    cycleUnitCost: num(L('周期单价', 'Cycle unit cost', '週期單價'), 'unitPrice'),
    dayUnitCost: num(L('日单价', 'Daily unit cost', '日單價'), 'unitPrice'),
    owing: num(L('欠款', 'Amount owing', '欠款'), 'money', { list: false }),
    /** spec 02's lastVersion: the stamp (yyyyMMddHHmmssffffff) of the version the record is at, made at each write; the month bill names it for what it priced */
    lastVersion: text(L('最新版本号', 'Latest version', '最新版本號'), { max: 40, list: false, generated: true }),
    invalid: flag(L('作废', 'Invalid', '作廢')),
    tiers: rows(L('分段价格', 'Distribution tiers', '分段價格'), {
      lowerLimit: num(L('下限', 'Lower limit', '下限'), 'quantity', { required: true }),
      upLimit: num(L('上限', 'Upper limit', '上限'), 'quantity', { required: true }),
      price: num(L('单价', 'Price', '單價'), 'unitPrice', { required: true }),
    }),
    /** what each packing material (carton, pallet, film...) used on the owner's shipments or repacks is charged at, per piece (costbilldetailpack) */
    packagePrices: rows(L('包材单价', 'Package material prices', '包材單價'), {
      materialCode: ref(L('包材', 'Packing material', '包材'), 'material', { required: true, pick: { categoryCode: 'PACK' } }),
      price: num(L('单价', 'Price', '單價'), 'unitPrice', { required: true }),
    }),
  },
  example: { startDate: '2026-01-01', endDate: '2026-12-31', tiers: [{ lowerLimit: 0, upLimit: 100, price: 12 }, { lowerLimit: 100, upLimit: 1000, price: 10 }] },
  refine: (d, ctx) => {
    if (typeof d.startDate === 'string' && typeof d.endDate === 'string' && d.startDate > d.endDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endBeforeStart' });
    }
    const tiers = (d.tiers as { lowerLimit: number; upLimit: number }[] | undefined) ?? [];
    tiers.forEach((t, i) => {
      if (t.lowerLimit >= t.upLimit) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'upLimit'], message: 'validation.tierOrder' });
    });
    // a month bill shows six stages: the agreement's tiers 1 to 6
    if (tiers.length > 6) ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'billing.errors.tooManyTiers' });
    // one price per packing material
    uniqueInRows('packagePrices', 'materialCode')(d, ctx);
    const sorted = tiers.map((t, i) => ({ ...t, i })).sort((a, b) => a.lowerLimit - b.lowerLimit);
    for (let k = 1; k < sorted.length; k++) {
      if (sorted[k]!.lowerLimit < sorted[k - 1]!.upLimit) {
        ctx.addIssue({ code: 'custom', path: ['tiers', sorted[k]!.i, 'lowerLimit'], message: 'validation.tierOverlap' });
      }
    }
  },
});
