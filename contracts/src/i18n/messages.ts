/**
 * Translation resources shared by the server (validation and error messages in the
 * user's language) and the console (which extends them with its own UI strings).
 * Keys are predictable: <entity>.fields.<field>, enum.<name>.<value>, validation.<rule>.
 */
import { entityResources } from '../entities/define';
import { entities } from '../entities/registry';
import { documentResources } from '../documents/derive';
import { DOCUMENT_MENU_GROUPS, type DocumentDef } from '../documents/define';
import { documents } from '../documents/registry';
import { documentMessages } from './documents';

import { shellMessages } from './shell';
import { contexts } from '../contexts';

import { LANGUAGES, type Language } from './languages';

export { LANGUAGES, type Language };

type Tree = { [key: string]: string | Tree };

const zh = {
  validation: {
    required: '请输入{{label}}',
    requiredSelect: '请选择{{label}}',
    signatureNeeded: '请在签名框内签名（{{label}}）',
    attachmentNeeded: '请上传{{label}}',
    tooLong: '{{label}}长度不能超过{{max}}个字符',
    codesTooMany: '编码列表（codes）一次最多 50 个',
    invalid: '{{label}}格式不正确',
    number: '{{label}}必须是数字',
    positive: '{{label}}必须大于0',
    nonNegative: '{{label}}不能小于0',
    integer: '{{label}}必须是整数',
    date: '{{label}}必须是日期（yyyy-MM-dd）',
    datetime: '{{label}}必须是时间（ISO 8601）',
    pageSize: '{{label}}只能是10、20、30或50',
    unknownField: '不认识的字段{{label}}',
    mobile: { empty: '请输入{{label}}', length: '{{label}}必须是11位', format: '{{label}}格式不正确' },
    plate: { empty: '请输入{{label}}', length: '{{label}}必须是7位（普通）或8位（新能源）', format: '{{label}}格式不正确' },
    idCard: {
      empty: '证件号码不能为空',
      length: '{{label}}必须是18位',
      format: '{{label}}格式不正确（17位数字加一位数字或X）',
      region: '{{label}}地区码不正确',
      birthDate: '{{label}}中的出生日期不正确（须是真实日期，不晚于今天，不早于1900年）',
      checkDigit: '{{label}}校验位不正确',
    },
    lines: { empty: '明细不能为空' },
    rowsEmpty: '{{label}}不能为空',
    dateRange: '{{label}}：开始日期不能晚于结束日期',
    plannedBeforeBill: '{{label}}不能早于单据日期',
    future: '{{label}}不能晚于当前时间',
    range: '{{label}}超出允许范围',
    minAboveMax: '{{label}}不能大于最大值',
    endBeforeStart: '{{label}}不能早于开始日期',
    tierOrder: '{{label}}必须大于下限',
    tierOverlap: '{{label}}与其他分段重叠',
    passwordMismatch: '两次密码输入不一致',
    percent: '{{label}}必须在0到100之间',
    importNoFile: '请选择要导入的文件',
    duplicateKey: '{{label}}重复',
    tooLarge: '文件不能超过50MB',
    between: '{{label}}必须在{{min}}到{{max}}之间',
    max: '{{label}}不能大于{{max}}',
    tooMany: '{{label}}最多{{max}}个',
    scale: '{{label}}最多保留{{scale}}位小数',
    unicode: '{{label}}含有无法识别的字符（不完整的Unicode编码）',
    malformedBody: '请求体格式不正确',
    unicodeBody: '请求中含有无法识别的字符（不完整的Unicode编码）',
  },
  errors: {
    unknown: '未知错误',
    internal: '系统繁忙，请稍后再试（追踪号 {{correlationId}}）',
    notFound: '访问资源不存在',
    routeNotFound: '接口不存在：{{method}} {{path}}',
    unauthorized: '认证失败，无法访问系统资源',
    forbidden: '当前操作没有权限',
    badCredentials: '租户、账号或密码错误',
    accountLocked: '密码错误次数过多，账号已锁定至 {{until}}',
    captchaInvalid: '验证码不正确或已过期',
    phoneInvalid: '请输入正确的11位手机号',
    smsTooSoon: '验证码已发送，请{{seconds}}秒后再试',
    smsInvalid: '手机号或短信验证码不正确',
    badClient: '客户端认证失败',
    tenantRequired: '请选择租户ID',
    tokenExpired: '登录已过期，请重新登录',
    refreshInvalid: '刷新令牌无效，请重新登录',
    unsupportedGrant: '不支持的授权类型：{{grantType}}',
    staleVersion: '单据已被他人修改（当前版本 {{current}}，提交版本 {{expected}}），请刷新后重试',
    concurrentChange: '单据刚被他人修改（你提交的是版本 {{expected}}），请刷新后重试',
    forbiddenTransition: '单据当前状态为「{{state}}」，不能执行「{{action}}」',
    documentNotFound: '单据不存在：{{id}}',
    removeNotAllowed: '只能删除草稿或已作废的单据：{{billNo}}（当前状态「{{state}}」）',
    versionNotFound: '单据 {{id}} 没有版本 {{version}}',
    recordNotFound: '记录不存在：{{id}}',
    referenced: '已被{{referrer}}「{{code}}」引用，不能删除',
    duplicateCode: '{{label}}「{{code}}」已存在',
    refMissing: '{{label}}「{{code}}」不存在',
    refInvalid: '{{label}}「{{code}}」已作废，不能选用',
    refAreaWithoutPlaces: '{{label}}「{{code}}」下没有库位，货物无处存放：请选择存放库位的库区',
    treeCycle: '上级不能是自己或自己的下级',
    serialExhausted: '流水号「{{code}}」今日已用完（最大值 {{max}}），请在流水号设置中调整',
    importFailed: '导入失败：{{rows}}行有错误，未导入任何数据（第{{first}}）',
    malformedJson: '请求体不是有效的JSON',
    payloadTooLarge: '请求体过大（不能超过{{max}}）',
    unsupportedMediaType: '不支持的请求内容类型：{{type}}',
    headersTooLarge: '请求地址或请求头过长',
    badRequest: '请求格式不正确',
  },
  success: 'Operation successful',
  consignment: {
    title: '托运单',
    fields: {
      id: '编号',
      billNo: '单据编号',
      billDate: '单据日期',
      billType: '单据类型',
      customerCode: '客户编码',
      consignor: '发货方',
      consignee: '收货方',
      'consignor.name': '发货方名称',
      'consignor.linkman': '发货联系人',
      'consignor.mobile': '发货人手机号',
      'consignor.address': '发货地址',
      'consignee.name': '收货方名称',
      'consignee.linkman': '收货联系人',
      'consignee.mobile': '收货人手机号',
      'consignee.address': '收货地址',
      deliveryMode: '配送方式',
      plannedDate: '计划日期',
      remark: '备注',
      lines: '明细',
      'lines.materialCode': '物料编码',
      'lines.name': '物料名称',
      'lines.qty': '数量',
      'lines.weg': '重量(kg)',
      'lines.volume': '体积(m³)',
      'lines.packages': '件数',
      state: '状态',
      version: '版本',
      plateNo: '车牌号',
      driverName: '司机',
      driverMobile: '司机手机号',
      arrivedAt: '到达时间',
      signer: '签收人',
      signedAt: '签收时间',
      reason: '原因',
      totalQty: '总数量',
      totalWeg: '总重量(kg)',
      totalVolume: '总体积(m³)',
      totalPackages: '总件数',
      dateFrom: '开始日期',
      dateTo: '结束日期',
      sort: '排序',
      current: '页码',
      size: '每页条数',
      ids: '所选记录',
    },
    actions: {
      submit: '保存',
      audit: '审核',
      dispatch: '派车',
      load: '装车',
      arrive: '到达',
      sign: '签收',
      cancel: '作废',
      remove: '删除',
      edit: '编辑',
    },
  },
  enum: {
    consignmentState: {
      Draft: '草稿',
      Audited: '已审核',
      Dispatched: '已派车',
      Loaded: '已装车',
      Arrived: '已到达',
      Signed: '已签收',
      Cancelled: '已作废',
    },
    deliveryMode: { CUSTOMER_PICKUP: '客户自提', HOME_DELIVERY: '送货上门', OUTSOURCED_LOGISTICS: '外包物流' },
  },
  auth: {
    fields: { tenantId: '租户ID', account: '账号', password: '密码', grantType: '授权类型', refreshToken: '刷新令牌' },
  },
  lineLabel: '明细第{{n}}行 {{label}}',
};

const en: typeof zh = {
  validation: {
    required: 'Please input {{label}}',
    requiredSelect: 'Please select {{label}}',
    signatureNeeded: 'Please sign in the signature box ({{label}})',
    attachmentNeeded: 'Please upload {{label}}',
    tooLong: '{{label}} must be at most {{max}} characters',
    codesTooMany: 'The code list (codes) holds at most 50 codes',
    invalid: '{{label}} is not valid',
    number: '{{label}} must be a number',
    positive: '{{label}} must be greater than 0',
    nonNegative: '{{label}} cannot be negative',
    integer: '{{label}} must be a whole number',
    date: '{{label}} must be a date (yyyy-MM-dd)',
    datetime: '{{label}} must be a time (ISO 8601)',
    pageSize: '{{label}} must be 10, 20, 30 or 50',
    unknownField: 'Unknown field {{label}}',
    mobile: { empty: 'Please input {{label}}', length: '{{label}} must be 11 digits', format: '{{label}} is not a valid mobile number' },
    plate: { empty: 'Please input {{label}}', length: '{{label}} must be 7 characters (ordinary) or 8 (new energy)', format: '{{label}} is not a valid plate' },
    idCard: {
      empty: 'The ID number is required',
      length: '{{label}} must be 18 characters',
      format: '{{label}} must be 17 digits followed by a digit or X',
      region: '{{label}} has an unknown region code',
      birthDate: '{{label}} has an impossible birth date (a real day, not in the future, not before 1900)',
      checkDigit: '{{label}} has a wrong check digit',
    },
    lines: { empty: 'Details cannot be empty' },
    rowsEmpty: '{{label}} cannot be empty',
    dateRange: '{{label}}: the start date cannot be after the end date',
    plannedBeforeBill: '{{label}} cannot be before the bill date',
    future: '{{label}} cannot be later than now',
    range: '{{label}} is out of range',
    minAboveMax: '{{label}} cannot be above the maximum',
    endBeforeStart: '{{label}} cannot be before the start date',
    tierOrder: '{{label}} must be above the lower limit',
    tierOverlap: '{{label}} overlaps another tier',
    passwordMismatch: 'The two passwords do not match',
    percent: '{{label}} must be between 0 and 100',
    importNoFile: 'Please choose a file to import',
    duplicateKey: '{{label}} is repeated',
    tooLarge: 'The file cannot be larger than 50 MB',
    between: '{{label}} must be between {{min}} and {{max}}',
    max: '{{label}} cannot be greater than {{max}}',
    tooMany: '{{label}}: at most {{max}}',
    scale: '{{label}} allows at most {{scale}} decimal places',
    unicode: '{{label}} contains an unreadable character (a broken Unicode sequence)',
    malformedBody: 'The request body is not in the expected format',
    unicodeBody: 'The request contains an unreadable character (a broken Unicode sequence)',
  },
  errors: {
    unknown: 'Unknown error',
    internal: 'The system is busy, please try again later (trace {{correlationId}})',
    notFound: 'The resource does not exist',
    routeNotFound: 'No such call: {{method}} {{path}}',
    unauthorized: 'Authentication failed, cannot access system resources',
    forbidden: 'You are not allowed to do this',
    badCredentials: 'Wrong tenant, account or password',
    accountLocked: 'Too many wrong passwords: the account is locked until {{until}}',
    captchaInvalid: 'The verification code is wrong or has expired',
    phoneInvalid: 'Please enter a valid 11-digit mobile number',
    smsTooSoon: 'A code was just sent; try again in {{seconds}} seconds',
    smsInvalid: 'Wrong phone number or code',
    badClient: 'Client authentication failed',
    tenantRequired: 'Please select a tenant ID',
    tokenExpired: 'Your session has expired, please sign in again',
    refreshInvalid: 'The refresh token is not valid, please sign in again',
    unsupportedGrant: 'Unsupported grant type: {{grantType}}',
    staleVersion: 'The document was changed by someone else (now version {{current}}, you sent {{expected}}); refresh and try again',
    concurrentChange: 'The document was just changed by someone else (you sent version {{expected}}); refresh and try again',
    forbiddenTransition: 'The document is "{{state}}"; "{{action}}" is not allowed',
    documentNotFound: 'No such document: {{id}}',
    removeNotAllowed: 'Only drafts or cancelled documents can be deleted: {{billNo}} is "{{state}}"',
    versionNotFound: 'Document {{id}} has no version {{version}}',
    recordNotFound: 'No such record: {{id}}',
    referenced: 'In use by {{referrer}} "{{code}}": it cannot be deleted',
    duplicateCode: '{{label}} "{{code}}" already exists',
    refMissing: '{{label}} "{{code}}" does not exist',
    refInvalid: '{{label}} "{{code}}" is marked invalid and cannot be chosen',
    refAreaWithoutPlaces: '{{label}} "{{code}}" holds no storage locations, so goods have nowhere to go: choose an area that holds them',
    treeCycle: 'The parent cannot be the record itself or one of its children',
    serialExhausted: 'Serial code "{{code}}" has run out for today (maximum {{max}}); adjust it under serial codes',
    importFailed: 'Nothing was imported: {{rows}} rows have errors (row {{first}})',
    malformedJson: 'The request body is not valid JSON',
    payloadTooLarge: 'The request body is too large (at most {{max}})',
    unsupportedMediaType: 'Unsupported content type: {{type}}',
    headersTooLarge: 'The request URL or headers are too long',
    badRequest: 'The request is malformed',
  },
  success: 'Operation successful',
  consignment: {
    title: 'Consignment order',
    fields: {
      id: 'ID',
      billNo: 'Bill no.',
      billDate: 'Bill date',
      billType: 'Bill type',
      customerCode: 'Customer code',
      consignor: 'Consignor',
      consignee: 'Consignee',
      'consignor.name': 'Consignor name',
      'consignor.linkman': 'Consignor contact',
      'consignor.mobile': 'Consignor mobile',
      'consignor.address': 'Consignor address',
      'consignee.name': 'Consignee name',
      'consignee.linkman': 'Consignee contact',
      'consignee.mobile': 'Consignee mobile',
      'consignee.address': 'Consignee address',
      deliveryMode: 'Delivery mode',
      plannedDate: 'Planned date',
      remark: 'Remark',
      lines: 'Details',
      'lines.materialCode': 'Material code',
      'lines.name': 'Material name',
      'lines.qty': 'Quantity',
      'lines.weg': 'Weight (kg)',
      'lines.volume': 'Volume (m³)',
      'lines.packages': 'Packages',
      state: 'State',
      version: 'Version',
      plateNo: 'Plate no.',
      driverName: 'Driver',
      driverMobile: 'Driver mobile',
      arrivedAt: 'Arrived at',
      signer: 'Signed by',
      signedAt: 'Signed at',
      reason: 'Reason',
      totalQty: 'Total qty',
      totalWeg: 'Total weight (kg)',
      totalVolume: 'Total volume (m³)',
      totalPackages: 'Total packages',
      dateFrom: 'From date',
      dateTo: 'To date',
      sort: 'Sort',
      current: 'Page',
      size: 'Page size',
      ids: 'Selected records',
    },
    actions: {
      submit: 'Save',
      audit: 'Audit',
      dispatch: 'Dispatch',
      load: 'Load',
      arrive: 'Arrive',
      sign: 'Sign',
      cancel: 'Cancel order',
      remove: 'Delete',
      edit: 'Edit',
    },
  },
  enum: {
    consignmentState: {
      Draft: 'Draft',
      Audited: 'Audited',
      Dispatched: 'Dispatched',
      Loaded: 'Loaded',
      Arrived: 'Arrived',
      Signed: 'Signed',
      Cancelled: 'Cancelled',
    },
    deliveryMode: { CUSTOMER_PICKUP: 'Customer pickup', HOME_DELIVERY: 'Home delivery', OUTSOURCED_LOGISTICS: 'Outsourced logistics' },
  },
  auth: {
    fields: { tenantId: 'Tenant ID', account: 'Account', password: 'Password', grantType: 'Grant type', refreshToken: 'Refresh token' },
  },
  lineLabel: 'Line {{n}} {{label}}',
};

const mo: typeof zh = {
  validation: {
    required: '請輸入{{label}}',
    requiredSelect: '請選擇{{label}}',
    signatureNeeded: '請在簽名框內簽名（{{label}}）',
    attachmentNeeded: '請上傳{{label}}',
    tooLong: '{{label}}長度不能超過{{max}}個字元',
    codesTooMany: '編碼清單（codes）一次最多 50 個',
    invalid: '{{label}}格式不正確',
    number: '{{label}}必須是數字',
    positive: '{{label}}必須大於0',
    nonNegative: '{{label}}不能小於0',
    integer: '{{label}}必須是整數',
    date: '{{label}}必須是日期（yyyy-MM-dd）',
    datetime: '{{label}}必須是時間（ISO 8601）',
    pageSize: '{{label}}只能是10、20、30或50',
    unknownField: '不認識的欄位{{label}}',
    mobile: { empty: '請輸入{{label}}', length: '{{label}}必須是11位', format: '{{label}}格式不正確' },
    plate: { empty: '請輸入{{label}}', length: '{{label}}必須是7位（普通）或8位（新能源）', format: '{{label}}格式不正確' },
    idCard: {
      empty: '證件號碼不能為空',
      length: '{{label}}必須是18位',
      format: '{{label}}格式不正確（17位數字加一位數字或X）',
      region: '{{label}}地區碼不正確',
      birthDate: '{{label}}中的出生日期不正確（須是真實日期，不晚於今天，不早於1900年）',
      checkDigit: '{{label}}校驗位不正確',
    },
    lines: { empty: '明細不能為空' },
    rowsEmpty: '{{label}}不能為空',
    dateRange: '{{label}}：開始日期不能晚於結束日期',
    plannedBeforeBill: '{{label}}不能早於單據日期',
    future: '{{label}}不能晚於目前時間',
    range: '{{label}}超出允許範圍',
    minAboveMax: '{{label}}不能大於最大值',
    endBeforeStart: '{{label}}不能早於開始日期',
    tierOrder: '{{label}}必須大於下限',
    tierOverlap: '{{label}}與其他分段重疊',
    passwordMismatch: '兩次密碼輸入不一致',
    percent: '{{label}}必須在0到100之間',
    importNoFile: '請選擇要匯入的檔案',
    duplicateKey: '{{label}}重複',
    tooLarge: '檔案不能超過50MB',
    between: '{{label}}必須在{{min}}到{{max}}之間',
    max: '{{label}}不能大於{{max}}',
    tooMany: '{{label}}最多{{max}}個',
    scale: '{{label}}最多保留{{scale}}位小數',
    unicode: '{{label}}含有無法識別的字元（不完整的Unicode編碼）',
    malformedBody: '請求內容格式不正確',
    unicodeBody: '請求中含有無法識別的字元（不完整的Unicode編碼）',
  },
  errors: {
    unknown: '未知錯誤',
    internal: '系統繁忙，請稍後再試（追蹤號 {{correlationId}}）',
    notFound: '訪問資源不存在',
    routeNotFound: '介面不存在：{{method}} {{path}}',
    unauthorized: '認證失敗，無法訪問系統資源',
    forbidden: '當前操作沒有權限',
    badCredentials: '租戶、帳號或密碼錯誤',
    accountLocked: '密碼錯誤次數過多，帳號已鎖定至 {{until}}',
    captchaInvalid: '驗證碼不正確或已過期',
    phoneInvalid: '請輸入正確的11位手機號',
    smsTooSoon: '驗證碼已發送，請{{seconds}}秒後再試',
    smsInvalid: '手機號或短信驗證碼不正確',
    badClient: '用戶端認證失敗',
    tenantRequired: '請選擇租戶ID',
    tokenExpired: '登入已過期，請重新登入',
    refreshInvalid: '刷新權杖無效，請重新登入',
    unsupportedGrant: '不支援的授權類型：{{grantType}}',
    staleVersion: '單據已被他人修改（當前版本 {{current}}，提交版本 {{expected}}），請重新整理後重試',
    concurrentChange: '單據剛被他人修改（你提交的是版本 {{expected}}），請重新整理後重試',
    forbiddenTransition: '單據當前狀態為「{{state}}」，不能執行「{{action}}」',
    documentNotFound: '單據不存在：{{id}}',
    removeNotAllowed: '只能刪除草稿或已作廢的單據：{{billNo}}（當前狀態「{{state}}」）',
    versionNotFound: '單據 {{id}} 沒有版本 {{version}}',
    recordNotFound: '記錄不存在：{{id}}',
    referenced: '已被{{referrer}}「{{code}}」引用，不能刪除',
    duplicateCode: '{{label}}「{{code}}」已存在',
    refMissing: '{{label}}「{{code}}」不存在',
    refInvalid: '{{label}}「{{code}}」已作廢，不能選用',
    refAreaWithoutPlaces: '{{label}}「{{code}}」下沒有庫位，貨物無處存放：請選擇存放庫位的庫區',
    treeCycle: '上級不能是自己或自己的下級',
    serialExhausted: '流水號「{{code}}」今日已用完（最大值 {{max}}），請在流水號設定中調整',
    importFailed: '匯入失敗：{{rows}}行有錯誤，未匯入任何資料（第{{first}}）',
    malformedJson: '請求內容不是有效的JSON',
    payloadTooLarge: '請求內容過大（不能超過{{max}}）',
    unsupportedMediaType: '不支援的請求內容類型：{{type}}',
    headersTooLarge: '請求位址或請求標頭過長',
    badRequest: '請求格式不正確',
  },
  success: 'Operation successful',
  consignment: {
    title: '托運單',
    fields: {
      id: '編號',
      billNo: '單據編號',
      billDate: '單據日期',
      billType: '單據類型',
      customerCode: '客戶編碼',
      consignor: '發貨方',
      consignee: '收貨方',
      'consignor.name': '發貨方名稱',
      'consignor.linkman': '發貨聯絡人',
      'consignor.mobile': '發貨人手機號',
      'consignor.address': '發貨地址',
      'consignee.name': '收貨方名稱',
      'consignee.linkman': '收貨聯絡人',
      'consignee.mobile': '收貨人手機號',
      'consignee.address': '收貨地址',
      deliveryMode: '配送方式',
      plannedDate: '計劃日期',
      remark: '備註',
      lines: '明細',
      'lines.materialCode': '物料編碼',
      'lines.name': '物料名稱',
      'lines.qty': '數量',
      'lines.weg': '重量(kg)',
      'lines.volume': '體積(m³)',
      'lines.packages': '件數',
      state: '狀態',
      version: '版本',
      plateNo: '車牌號',
      driverName: '司機',
      driverMobile: '司機手機號',
      arrivedAt: '到達時間',
      signer: '簽收人',
      signedAt: '簽收時間',
      reason: '原因',
      totalQty: '總數量',
      totalWeg: '總重量(kg)',
      totalVolume: '總體積(m³)',
      totalPackages: '總件數',
      dateFrom: '開始日期',
      dateTo: '結束日期',
      sort: '排序',
      current: '頁碼',
      size: '每頁條數',
      ids: '所選記錄',
    },
    actions: {
      submit: '儲存',
      audit: '審核',
      dispatch: '派車',
      load: '裝車',
      arrive: '到達',
      sign: '簽收',
      cancel: '作廢',
      remove: '刪除',
      edit: '編輯',
    },
  },
  enum: {
    consignmentState: {
      Draft: '草稿',
      Audited: '已審核',
      Dispatched: '已派車',
      Loaded: '已裝車',
      Arrived: '已到達',
      Signed: '已簽收',
      Cancelled: '已作廢',
    },
    deliveryMode: { CUSTOMER_PICKUP: '客戶自提', HOME_DELIVERY: '送貨上門', OUTSOURCED_LOGISTICS: '外包物流' },
  },
  auth: {
    fields: { tenantId: '租戶ID', account: '帳號', password: '密碼', grantType: '授權類型', refreshToken: '刷新權杖' },
  },
  lineLabel: '明細第{{n}}行 {{label}}',
};

export type SharedResource = typeof zh;

/** Accept-Language as Saber sends it (zh-CN, en, zh-TW) to our language codes. */
export const languageFromHeader = (header: string | undefined): Language => {
  const h = (header ?? '').toLowerCase();
  if (h.startsWith('en')) return 'en';
  if (h.startsWith('zh-tw') || h.startsWith('zh-hk') || h.startsWith('zh-mo') || h.startsWith('mo') || h.includes('hant')) return 'mo';
  return 'zh';
};

/**
 * Field keys are written flat for reading ('consignor.mobile'); i18next wants a tree.
 * nest() turns them into one, keeping a parent's own label under '_'.
 */
const nest = (tree: Tree): Tree => {
  const out: Tree = {};
  const put = (target: Tree, parts: string[], value: string | Tree) => {
    const [head, ...rest] = parts as [string, ...string[]];
    if (rest.length === 0) {
      const existing = target[head];
      if (existing && typeof existing === 'object' && typeof value === 'string') existing._ = value;
      else target[head] = value;
      return;
    }
    let child = target[head];
    if (typeof child === 'string') child = target[head] = { _: child };
    if (!child) child = target[head] = {};
    put(child, rest, value);
  };
  for (const [k, v] of Object.entries(tree)) put(out, k.split('.'), typeof v === 'string' ? v : nest(v));
  return out;
};

/** Each entity's labels come from its schema file ([zh, en, mo]); merged in here. */
const withEntities = (base: Tree, lang: 0 | 1 | 2): Tree => {
  const out: Tree = { ...base };
  const enumTree: Tree = { ...((base.enum as Tree | undefined) ?? {}) };
  for (const def of entities) {
    const r = entityResources(def, lang);
    out[def.name] = { ...((base[def.name] as Tree | undefined) ?? {}), title: r.title, fields: r.fields as Tree };
    if (Object.keys(r.enums).length) enumTree[def.name] = r.enums;
  }
  // documents: labels from their descriptions (the kit's, see contracts/src/documents)
  for (const def of documents) {
    const r = documentResources(def, lang);
    out[def.name] = deepMerge(r.tree, (out[def.name] as Tree | undefined) ?? {});
    if (Object.keys(r.enums).length) enumTree[def.name] = deepMerge((enumTree[def.name] as Tree | undefined) ?? {}, r.enums);
  }
  out.enum = enumTree;
  // the menu groups documents hang under
  out.menuGroups = Object.fromEntries(Object.entries(DOCUMENT_MENU_GROUPS).map(([code, g]) => [code, g.label[lang]]));
  return out;
};

/** Messages kept in files of their own: the kernel's (the shell's, the document kit's), then each context's words, in the list's order. */
const areas: Record<Language, Tree>[] = [
  shellMessages,
  documentMessages,
  ...contexts.flatMap((c) => (c.words ?? []).map((w) => (typeof w === 'function' ? w(documents) : w))),
];
const deepMerge = (base: Tree, extra: Tree): Tree => {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const existing = out[k];
    out[k] = typeof v === 'object' && typeof existing === 'object' ? deepMerge(existing, v) : v;
  }
  return out;
};
const withAreas = (base: Tree, lang: Language): Tree => areas.reduce((tree, area) => deepMerge(tree, area[lang]), base);

export const resources: Record<Language, Tree> = {
  zh: nest(withEntities(withAreas(zh, 'zh'), 0)),
  en: nest(withEntities(withAreas(en, 'en'), 1)),
  mo: nest(withEntities(withAreas(mo, 'mo'), 2)),
};

/**
 * The labels of a document type served beside the registry's (a host given more
 * descriptions, as tests do): merged into the shared resources once, so its messages name
 * its fields like any other's.
 */
export const addDocumentResources = (def: DocumentDef): void => {
  LANGUAGES.forEach((lang, i) => {
    const r = documentResources(def, i as 0 | 1 | 2);
    const tree = resources[lang];
    tree[def.name] = deepMerge(nest({ [def.name]: r.tree }) [def.name] as Tree, (tree[def.name] as Tree | undefined) ?? {});
    if (Object.keys(r.enums).length) {
      const enums = (tree.enum as Tree | undefined) ?? (tree.enum = {});
      enums[def.name] = deepMerge(nest(r.enums), (enums[def.name] as Tree | undefined) ?? {});
    }
  });
};

const lookupNode = (tree: Tree, key: string): string | Tree | undefined => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
};

const lookup = (tree: Tree, key: string): string | undefined => {
  const node = lookupNode(tree, key);
  if (typeof node === 'string') return node;
  if (node && typeof node._ === 'string') return node._;
  return undefined;
};

/** The i18n key of a field's label, for a zod issue path such as ['lines', 2, 'qty']. */
export const fieldKey = (entity: string, path: readonly PropertyKey[]): string => {
  const names = path.filter((p): p is string => typeof p === 'string');
  const key = `${entity}.fields.${names.join('.')}`;
  const node = lookupNode(resources.zh, key);
  return node && typeof node === 'object' ? `${key}._` : key;
};

/** Server-side translation with i18next-style {{placeholders}}. */
export const translate = (lang: Language, key: string, vars: Record<string, string | number> = {}): string => {
  const template = lookup(resources[lang], key) ?? lookup(resources.en, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
};

export const hasKey = (lang: Language, key: string): boolean => lookup(resources[lang], key) !== undefined;
