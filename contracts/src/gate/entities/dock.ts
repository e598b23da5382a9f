import { invalidFlag } from '../../entities/references';
import { defineEntity, num, oneOf, ref, text } from '../../entities/define';
import { L } from '../../i18n/labels';

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A dock of a warehouse, booked by drivers' appointments in time slots of `slotMinutes` between
 * `openFrom` and `openTo` (the site's local time); one appointment per slot (docs/DOMAIN.md "Gate: dock slots").
 */
export const dock = defineEntity({
  name: 'dock',
  service: 'bl-gate',
  title: L('月台', 'Dock', '月台'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('月台编码', 'Dock code', '月台編碼'), { required: true, max: 40, filter: true }),
    name: text(L('月台名称', 'Dock name', '月台名稱'), { required: true, max: 60, filter: true }),
    warehouseCode: ref(L('所属仓库', 'Warehouse', '所屬倉庫'), 'warehousearea', { required: true, filter: true, pick: { warehouseareaType: 'WAREHOUSE' } }),
    dockType: oneOf(L('月台用途', 'Used for', '月台用途'), {
      BOTH: L('收发通用', 'Receiving and shipping', '收發通用'),
      INBOUND: L('收货', 'Receiving', '收貨'),
      OUTBOUND: L('发货', 'Shipping', '發貨'),
    }, { required: true, filter: true }),
    slotMinutes: num(L('时段长度(分钟)', 'Slot length (minutes)', '時段長度(分鐘)'), 'count', { required: true, min: 15, max: 480 }),
    openFrom: text(L('开始时间', 'Opens at', '開始時間'), { required: true, max: 5, pattern: hhmm, patternKey: 'validation.gate.hhmm' }),
    openTo: text(L('结束时间', 'Closes at', '結束時間'), { required: true, max: 5, pattern: hhmm, patternKey: 'validation.gate.hhmm' }),
    invalid: invalidFlag(),
  },
  refine: (d, ctx) => {
    if (typeof d.openFrom === 'string' && typeof d.openTo === 'string' && d.openTo <= d.openFrom) ctx.addIssue({ code: 'custom', path: ['openTo'], message: 'validation.dateRange' });
  },
  example: { code: 'D01', name: '1号月台', dockType: 'BOTH', slotMinutes: 60, openFrom: '08:00', openTo: '18:00' },
});
