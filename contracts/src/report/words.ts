import { L, type Words } from '../i18n/labels';

/**
 * Server messages of the report context's projections.
 */
export const reportWords = {
  projection: {
    fields: {
      name: L('投影名称', 'Projection name', '投影名稱'),
    },
  },
  errors: {
    projectionNotFound: L('没有名为「{{name}}」的投影', 'No projection is named "{{name}}"', '沒有名為「{{name}}」的投影'),
    projectionNotRebuildable: L('「{{name}}」是流程反应（会再次产生动作），不能从头重建', '"{{name}}" is a reaction (it would act again), it cannot be rebuilt from zero', '「{{name}}」是流程反應（會再次產生動作），不能從頭重建'),
  },
} satisfies Words;
