import { L, type Words } from '@tpl/contracts/light';

/** Words of master data's own screens: the material list's sync dialog (物料同步), the built-in enumerations. Field words come from contracts. */
export const masterdataWords = {
  materialSync: {
    button: L('物料同步', 'Material sync', '物料同步'),
    title: L('物料同步', 'Material sync', '物料同步'),
    intro: L(
      '从客户系统取物料：只取所选工厂的物料、同步日期当天及之后变更的行；已有的物料（同一货主、同一编码）更新，新的新增。每个同步的物料记下工厂和同步日期。',
      "Takes materials from the customer's system: only the chosen factory's, and rows changed on or after the sync date; a material already there (same owner, same code) is updated, a new one created. Each material synced records the factory and the sync date.",
      '從客戶系統取物料：只取所選工廠的物料、同步日期當天及之後變更的行；已有的物料（同一貨主、同一編碼）更新，新的新增。每個同步的物料記下工廠和同步日期。',
    ),
    syncDate: L('同步日期', 'Sync date', '同步日期'),
    factory: L('工厂', 'Factory', '工廠'),
    source: L('来源', 'Source', '來源'),
    kafka: L('客户系统消息（Kafka，待取 {{count}} 条）', "The customer's system (Kafka, {{count}} waiting)", '客戶系統訊息（Kafka，待取 {{count}} 條）'),
    file: L('上传文件（xlsx 或 JSON）', 'Upload a file (xlsx or JSON)', '上傳檔案（xlsx 或 JSON）'),
    noKafka: L('未配置 Kafka：请上传客户系统导出的 xlsx（物料模板的列，另加工厂、同步日期）或 JSON（物料数组）。', "No Kafka here: upload the customer's export as .xlsx (the material template's columns, plus factory and sync date) or JSON (an array of materials).", '未配置 Kafka：請上傳客戶系統匯出的 xlsx（物料範本的欄位，另加工廠、同步日期）或 JSON（物料陣列）。'),
    choose: L('选择文件', 'Choose a file', '選擇檔案'),
    chosen: L('已选：{{name}}', 'Chosen: {{name}}', '已選：{{name}}'),
    badType: L('只能上传 .xlsx 或 .json 文件', 'Only .xlsx or .json files can be uploaded', '只能上傳 .xlsx 或 .json 檔案'),
    preview: L('预览', 'Preview', '預覽'),
    summary: L('新增 {{creates}} 条，更新 {{updates}} 条；因工厂或同步日期不符未取 {{skipped}} 行', '{{creates}} to create, {{updates}} to update; left out (another factory, or dated before the sync date): {{skipped}}', '新增 {{creates}} 條，更新 {{updates}} 條；因工廠或同步日期不符未取 {{skipped}} 行'),
    action: L('操作', 'Action', '操作'),
    actions: { CREATE: L('新增', 'Create', '新增'), UPDATE: L('更新', 'Update', '更新') },
    confirm: L('确认同步 {{count}} 条', 'Sync {{count}} materials', '確認同步 {{count}} 條'),
    done: L('同步完成：新增 {{created}} 条，更新 {{updated}} 条', 'Synced: {{created}} created, {{updated}} updated', '同步完成：新增 {{created}} 條，更新 {{updated}} 條'),
    required: L('请选择同步日期和工厂', 'Choose the sync date and the factory', '請選擇同步日期和工廠'),
    needFile: L('请先选择要上传的文件', 'Choose the file to upload first', '請先選擇要上傳的檔案'),
  },
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
} satisfies Words;
