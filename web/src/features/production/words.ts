import { L, type Words } from '@tpl/contracts/light';

/** The lot genealogy screen's and the task's step pages' words (the genealogy's fields are the contracts', production.genealogy.fields). */
export const productionWords: Words = {
  genealogy: {
    intro: L(
      '选择货主、物料和批次：上表为该批次由哪些原料批次加工而成，下表为该批次（作为原料）加工进了哪些成品批次。点击批次号可继续追溯。',
      'Choose a cargo owner, a material and a lot: above, the raw lots it was made from; below, the finished lots it went into as a raw material. Click a lot to trace it further.',
      '選擇貨主、物料和批次：上表為該批次由哪些原料批次加工而成，下表為該批次（作為原料）加工進了哪些成品批次。點擊批次號可繼續追溯。',
    ),
    lot: L('批次', 'Lot', '批次'),
    pickLot: L('选择批次', 'Choose a lot', '選擇批次'),
    noLots: L('该物料没有加工记录的批次', 'No lot of this material was processed', '該物料沒有加工記錄的批次'),
    product: L('成品批次', 'finished lot', '成品批次'),
    raw: L('原料批次', 'raw lot', '原料批次'),
    madeFrom: L('由以下原料批次加工而成', 'Made from these raw lots', '由以下原料批次加工而成'),
    wentInto: L('加工进以下成品批次', 'Went into these finished lots', '加工進以下成品批次'),
    noneMadeFrom: L('该批次不是加工成品', 'This lot was not made here', '該批次不是加工成品'),
    noneWentInto: L('该批次没有被加工使用', 'This lot did not go into any finished lot', '該批次沒有被加工使用'),
  },
  // the production task's issue and receipt pages (TASK_STEPS)
  taskSteps: {
    issue: L('原料出库', 'Issue raw materials', '原料出庫'),
    receive: L('成品入库', 'Receive finished goods', '成品入庫'),
    pending: {
      issue: L('待出库的原料批次', 'Raw-material lots pending issue', '待出庫的原料批次'),
      receive: L('待入库的成品', 'Finished goods pending receipt', '待入庫的成品'),
    },
    nothingPending: L('没有待处理的行', 'Nothing is pending', '沒有待處理的行'),
    notNow: L('加工任务为「{{state}}」，现在不能{{action}}', 'The task is {{state}}: it cannot be taken to "{{action}}" now', '加工任務為「{{state}}」，現在不能{{action}}'),
    back: L('返回加工任务', 'Back to the task', '返回加工任務'),
    pageLink: L('{{step}}页', '{{step}} page', '{{step}}頁'),
    selectOne: L('请选择一张加工任务', 'Select one production task', '請選擇一張加工任務'),
  },
};
