/** Server messages of the document kit (every document type), in zh, en and mo. */
export const documentMessages = {
  zh: {
    validation: {
      lines: {
        duplicate: '{{label}}已在明细中，不能重复引用',
        tooMany: '明细行数超过上限',
      },
      body: '请求体格式不正确，应为一个对象',
      refInvalid: '{{label}}「{{code}}」已作废，不能使用',
    },
    errors: {
      documentRemoveForbidden: '单据当前状态为「{{state}}」，不能删除：{{billNo}}',
      reviewNotConfigured: '该单据类型没有配置审批流程',
    },
  },
  en: {
    validation: {
      lines: {
        duplicate: '{{label}} is already in the details and cannot be quoted again',
        tooMany: 'Too many detail lines',
      },
      body: 'The request body is malformed: an object is expected',
      refInvalid: '{{label}} "{{code}}" is invalid and cannot be used',
    },
    errors: {
      documentRemoveForbidden: 'The document is {{state}} and cannot be deleted: {{billNo}}',
      reviewNotConfigured: 'No review process is configured for this document type',
    },
  },
  mo: {
    validation: {
      lines: {
        duplicate: '{{label}}已在明細中，不能重複引用',
        tooMany: '明細行數超過上限',
      },
      body: '請求體格式不正確，應為一個物件',
      refInvalid: '{{label}}「{{code}}」已作廢，不能使用',
    },
    errors: {
      documentRemoveForbidden: '單據目前狀態為「{{state}}」，不能刪除：{{billNo}}',
      reviewNotConfigured: '該單據類型沒有設定審批流程',
    },
  },
};
