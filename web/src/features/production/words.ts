import { L, type Words } from '@tpl/contracts/light';

/** The lot genealogy screen's words (its fields' are the contracts', production.genealogy.fields). */
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
};
