/** Server messages of the report context's projections, in zh, en and mo. */
export const reportMessages = {
  zh: {
    projection: { fields: { name: '投影名称' } },
    errors: {
      projectionNotFound: '没有名为「{{name}}」的投影',
      projectionNotRebuildable: '「{{name}}」是流程反应（会再次产生动作），不能从头重建',
    },
  },
  en: {
    projection: { fields: { name: 'Projection name' } },
    errors: {
      projectionNotFound: 'No projection is named "{{name}}"',
      projectionNotRebuildable: '"{{name}}" is a reaction (it would act again), it cannot be rebuilt from zero',
    },
  },
  mo: {
    projection: { fields: { name: '投影名稱' } },
    errors: {
      projectionNotFound: '沒有名為「{{name}}」的投影',
      projectionNotRebuildable: '「{{name}}」是流程反應（會再次產生動作），不能從頭重建',
    },
  },
};
