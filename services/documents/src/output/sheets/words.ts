import { L, LANGUAGES, labelIn, type Labels, type Language } from '@tpl/contracts';

/**
 * Words of the spreadsheet import/export: the file-level import errors (validation.import*)
 * and the words the workbooks carry (xlsx.*). Kept beside the code that uses them;
 * placeholders as {{name}}.
 */
const xlsxWords = {
  'validation.importFileType': L('只能上传 .xls 或 .xlsx 文件', 'Only .xls or .xlsx files can be uploaded', '只能上傳 .xls 或 .xlsx 檔案'),
  'validation.importUnreadable': L('无法读取文件，请确认是有效的 Excel 文件', 'The file cannot be read; make sure it is a valid Excel file', '無法讀取檔案，請確認是有效的 Excel 檔案'),
  'validation.importLegacyXls': L('这是旧版 Excel 97-2003（.xls）文件，请在 Excel 中另存为 .xlsx 后再上传', 'This is an Excel 97-2003 (.xls) workbook: save it as .xlsx in Excel and upload that', '這是舊版 Excel 97-2003（.xls）檔案，請在 Excel 中另存為 .xlsx 後再上傳'),
  'validation.importEmpty': L('文件中没有数据行', 'The file has no data rows', '檔案中沒有資料行'),
  'validation.importHeaders': L('表头与导入模板不一致，请下载模板后填写', 'The column headers do not match the import template; download the template and fill it in', '表頭與匯入範本不一致，請下載範本後填寫'),
  'validation.importTooMany': L('一次最多导入{{max}}行数据', 'At most {{max}} rows can be imported at once', '一次最多匯入{{max}}行資料'),
  'xlsx.row': L('行号', 'Row', '行號'),
  'xlsx.field': L('字段', 'Field', '欄位'),
  'xlsx.message': L('错误信息', 'Message', '錯誤訊息'),
  'xlsx.errors': L('错误报告', 'Errors', '錯誤報告'),
  'xlsx.yes': L('是', 'Yes', '是'),
  'xlsx.no': L('否', 'No', '否'),
  'xlsx.notes': L('说明', 'Notes', '說明'),
  'xlsx.column': L('列名', 'Column', '欄名'),
  'xlsx.required': L('必填', 'Required', '必填'),
  'xlsx.format': L('格式/可选值', 'Format / allowed values', '格式/可選值'),
  'xlsx.example': L('示例', 'Example', '示例'),
  'xlsx.exampleNote': L('导入的是第一个工作表：表头下每行一条记录；示例只写在本说明页，不会被导入。表头请勿修改。', 'The first sheet is what is imported: one record per row under the headers. The examples are on this notes sheet only and are never imported. Do not change the headers.', '匯入的是第一個工作表：表頭下每行一條記錄；示例只寫在本說明頁，不會被匯入。表頭請勿修改。'),
  'xlsx.exampleText': L('示例', 'Example', '示例'),
  'xlsx.text': L('文本', 'Text', '文字'),
  'xlsx.textMax': L('文本，最多{{max}}个字符', 'Text, at most {{max}} characters', '文字，最多{{max}}個字元'),
  'xlsx.number': L('数字', 'Number', '數字'),
  'xlsx.integer': L('整数', 'Whole number', '整數'),
  'xlsx.min': L('不小于{{min}}', 'at least {{min}}', '不小於{{min}}'),
  'xlsx.max': L('不大于{{max}}', 'at most {{max}}', '不大於{{max}}'),
  'xlsx.flag': L('可选值：是、否', 'Allowed values: Yes, No', '可選值：是、否'),
  'xlsx.enum': L('可选值：{{values}}', 'Allowed values: {{values}}', '可選值：{{values}}'),
  'xlsx.dict': L('字典编码（{{dict}}）', 'Dictionary code ({{dict}})', '字典編碼（{{dict}}）'),
  'xlsx.date': L('日期，格式 yyyy-MM-dd', 'Date, as yyyy-MM-dd', '日期，格式 yyyy-MM-dd'),
  'xlsx.datetime': L('时间，格式 yyyy-MM-dd HH:mm:ss（北京时间）', 'Time, as yyyy-MM-dd HH:mm:ss (China time)', '時間，格式 yyyy-MM-dd HH:mm:ss（北京時間）'),
  'xlsx.ref': L('{{entity}}编码', '{{entity}} code', '{{entity}}編碼'),
  'xlsx.refMultiple': L('{{entity}}编码，多个用英文逗号分隔', '{{entity}} codes, separated by commas', '{{entity}}編碼，多個用英文逗號分隔'),
  'xlsx.mobile': L('11位手机号', '11-digit mobile number', '11位手機號'),
  'xlsx.plate': L('车牌号：7位（普通）或8位（新能源），如 沪A12345', 'Plate: 7 characters (ordinary) or 8 (new energy), e.g. 沪A12345', '車牌號：7位（普通）或8位（新能源），如 沪A12345'),
  'xlsx.idCard': L('18位身份证号（末位可为X）', '18-character resident ID number (the last may be X)', '18位身份證號（末位可為X）'),
  'xlsx.email': L('邮箱地址', 'Email address', '電郵地址'),
  'xlsx.listSeparator': L('、', ', ', '、'),
} satisfies Record<string, Labels>;

export type XlsxTextKey = keyof typeof xlsxWords;

/** The texts by language (the keys above, flat). */
export const xlsxMessages = Object.fromEntries(
  (['zh', 'en', 'mo'] as const).map((lang) => [lang, Object.fromEntries(Object.entries(xlsxWords).map(([key, label]) => [key, labelIn(label, lang)]))]),
) as Record<Language, Record<XlsxTextKey, string>>;

/** The text of `key` in `lang`, with {{placeholders}} filled from `vars`. */
export const xlsxText = (lang: Language, key: XlsxTextKey, vars: Record<string, string | number> = {}): string =>
  labelIn(xlsxWords[key], (LANGUAGES as readonly string[]).includes(lang) ? lang : 'en').replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));

/** What a downloaded workbook's file name says it holds, and how a list of values is joined in a cell's hint. */
export const xlsxFileWords = {
  export: L('导出', 'export', '匯出'),
  template: L('导入模板', 'template', '匯入範本'),
  importErrors: L('导入错误', 'import-errors', '匯入錯誤'),
  listJoin: L('，', ', ', '，'),
} satisfies Record<string, Labels>;
