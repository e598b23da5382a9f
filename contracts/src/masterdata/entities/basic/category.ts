import { datetime, defineEntity, flag, num, oneOf, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/**
 * Material category: a tree by parentCode. With ifChangeStatus on, stock of this category
 * moves to changeStatus every `interval` days (changeTime is the server's last run).
 */
export const category = defineEntity({
  name: 'category',
  service: 'bl-basic',
  title: L('物料分类', 'Material category', '物料分類'),
  codeField: 'code',
  nameField: 'name',
  tree: { parentField: 'parentCode' },
  fields: {
    code: text(L('分类编码', 'Category code', '分類編碼'), { required: true, max: 40, filter: true }),
    name: text(L('分类名称', 'Category name', '分類名稱'), { required: true, max: 50, filter: true }),
    parentCode: ref(L('上级分类', 'Parent category', '上級分類'), 'category'),
    type: oneOf(L('分类类型', 'Category type', '分類類型'), {
      RAW_MATERIAL: L('原材料', 'Raw material', '原材料'),
      FINISHED_GOODS: L('成品', 'Finished goods', '成品'),
      PACKAGING: L('包材', 'Packaging', '包材'),
      CONSUMABLES: L('耗材', 'Consumables', '耗材'),
    }, { filter: true }),
    ifChangeStatus: flag(L('自动转换状态', 'Automatic status change', '自動轉換狀態')),
    changeStatus: oneOf(L('转换后状态', 'Change to status', '轉換後狀態'), {
      AVAILABLE: L('可用', 'Available', '可用'),
      QUALITY_INSPECTION: L('质检', 'Quality inspection', '質檢'),
      FROZEN: L('冻结', 'Frozen', '凍結'),
    }),
    interval: num(L('转换间隔(天)', 'Interval (days)', '轉換間隔(天)'), 'count'),
    changeTime: datetime(L('上次转换时间', 'Last changed at', '上次轉換時間'), { generated: true, list: false }),
  },
  refine: (d, ctx) => {
    if (d.interval === 0) ctx.addIssue({ code: 'custom', path: ['interval'], message: 'validation.positive' });
    if (d.ifChangeStatus === 1) {
      if (d.changeStatus === undefined) ctx.addIssue({ code: 'custom', path: ['changeStatus'], message: 'validation.requiredSelect' });
      if (d.interval === undefined) ctx.addIssue({ code: 'custom', path: ['interval'], message: 'validation.required' });
    }
  },
});
