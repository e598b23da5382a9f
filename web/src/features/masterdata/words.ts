import { L } from '@tpl/contracts/light';

/** Words of master data's own screens (the entity kit's come from contracts). */
export const masterdataWords = {
  sysenumBuiltin: {
    title: L('内置枚举', 'Built-in enumerations', '內置枚舉'),
    intro: L(
      '系统自带的选项（单据和资料中的固定选项），只读，随版本更新；本租户自己的枚举在“系统枚举”中维护。',
      "The choices the system itself defines (fixed options of documents and records): read only, they change with a release. The tenant's own enumerations are kept under System enumeration.",
      '系統自帶的選項（單據和資料中的固定選項），唯讀，隨版本更新；本租戶自己的枚舉在「系統枚舉」中維護。',
    ),
    search: L('按名称、编码或值搜索', 'Search by name, code or value', '按名稱、編碼或值搜尋'),
    own: L('本租户的枚举', "The tenant's own enumerations", '本租戶的枚舉'),
    name: L('枚举', 'Enumeration', '枚舉'),
    values: L('取值', 'Values', '取值'),
    value: L('值编码', 'Value code', '值編碼'),
    zh: L('简体中文', 'Chinese', '簡體中文'),
    en: L('英文', 'English', '英文'),
    mo: L('繁体中文', 'Traditional Chinese', '繁體中文'),
    empty: L('没有符合条件的枚举', 'No enumerations match', '沒有符合條件的枚舉'),
  },
};
