import { L, type Words } from '../i18n/labels';

/**
 * The document kit's words (every document type): the server's messages, and under `documents`
 * the console's (web/src/features/documents). A document type's own labels (fields, states,
 * actions, facts) come from its description.
 */
export const documentWords = {
  validation: {
    lines: {
      duplicate: L('{{label}}已在明细中，不能重复引用', '{{label}} is already in the details and cannot be quoted again', '{{label}}已在明細中，不能重複引用'),
      tooMany: L('明细行数超过上限', 'Too many detail lines', '明細行數超過上限'),
    },
    body: L('请求体格式不正确，应为一个对象', 'The request body is malformed: an object is expected', '請求體格式不正確，應為一個物件'),
    refInvalid: L('{{label}}「{{code}}」已作废，不能使用', '{{label}} "{{code}}" is invalid and cannot be used', '{{label}}「{{code}}」已作廢，不能使用'),
  },
  documents: {
    pages: {
      new: L('新增{{title}}', 'New {{title}}', '新增{{title}}'),
      edit: L('编辑{{title}}', 'Edit {{title}}', '編輯{{title}}'),
    },
    sections: {
      basic: L('基本信息', 'General', '基本資料'),
      facts: L('办理信息', 'Progress', '辦理資料'),
      record: L('单据记录', 'Record', '單據記錄'),
      total: L('合计', 'Total', '合計'),
    },
    tabs: {
      details: L('详情', 'Details', '詳情'),
      history: L('历史', 'History', '歷史'),
      lifecycle: L('生命周期', 'Lifecycle', '生命週期'),
    },
    removed: L('该{{title}}已删除（只读）', 'This {{title}} was deleted (read only)', '該{{title}}已刪除（唯讀）'),
    versionTag: L('版本 {{version}}', 'Version {{version}}', '版本 {{version}}'),
    addLine: L('添加明细', 'Add line', '新增明細'),
    now: L('当前时间（可选择补录时间）', 'Now (or pick a time for a late entry)', '當前時間（可選擇補錄時間）'),
    makeFrom: L('生成{{title}}', 'New {{title}}', '生成{{title}}'),
    madeFrom: L('由{{title}} {{billNo}} 生成：表头和剩余数量已带出，可修改后保存', 'Made from {{title}} {{billNo}}: its header and what is left were copied; change what you need and save', '由{{title}} {{billNo}} 生成：表頭和剩餘數量已帶出，可修改後保存'),
    sourceMissing: L('来源单据不存在或无权查看', 'The source document does not exist or you may not see it', '來源單據不存在或無權查看'),
    suggest: {
      done: L('已按建议填入库位，可逐行修改', 'The suggested locations were filled in; each line can still be changed', '已按建議填入庫位，可逐行修改'),
      partly: L('已按建议填入库位；有 {{count}} 行找不到空余库位，请手工选择', 'The suggested locations were filled in; {{count}} line(s) found no free location, choose one by hand', '已按建議填入庫位；有 {{count}} 行找不到空餘庫位，請手工選擇'),
    },
    removeLine: L('删除明细', 'Remove line', '刪除明細'),
    // quoting material lines (spec 02): a picker of many materials at once beside "add line"
    quote: {
      open: L('引用物料', 'Quote materials', '引用物料'),
      title: L('引用物料：勾选要加入明细的物料', 'Quote materials: tick the materials to add as lines', '引用物料：勾選要加入明細的物料'),
      chooseFirst: L('引用物料（请先选择{{label}}）', 'Quote materials (choose the {{label}} first)', '引用物料（請先選擇{{label}}）'),
      search: L('按编码或名称查找', 'Find by code or name', '按編碼或名稱查找'),
      taken: L('已在明细中', 'In the details', '已在明細中'),
      // lines of one material told apart by a batch: only a line still without one blocks a second
      takenSplit: L(
        '{{label}}已在明细中且未填{{by}}，不能重复引用：请先填写该行的{{by}}（同一物料按{{by}}分行）',
        '{{label}} is already in the details without a {{by}} and cannot be quoted again: give that line its {{by}} first (lines of one material are told apart by {{by}})',
        '{{label}}已在明細中且未填{{by}}，不能重複引用：請先填寫該行的{{by}}（同一物料按{{by}}分行）',
      ),
      add: L('引用所选（{{count}}）', 'Quote selected ({{count}})', '引用所選（{{count}}）'),
      added: L('已引用 {{count}} 种物料', '{{count}} material(s) quoted', '已引用 {{count}} 種物料'),
    },
    notEditable: L('{{title}}当前状态为「{{state}}」，不能编辑', 'The {{title}} is "{{state}}" and cannot be edited', '{{title}}目前狀態為「{{state}}」，不能編輯'),
    notFound: L('{{title}}不存在或已删除', 'The {{title}} does not exist or was deleted', '{{title}}不存在或已刪除'),
    forbidden: L('当前账号没有修改{{title}}的权限', 'Your account may not change this {{title}}', '當前帳號沒有修改{{title}}的權限'),
    print: L('打印', 'Print', '列印'),
    confirm: {
      action: L('确定{{action}}{{title}} {{billNo}}？', '{{action}}: {{title}} {{billNo}}?', '確定{{action}}{{title}} {{billNo}}？'),
      remove: L('确定删除{{title}} {{billNo}}？', 'Delete {{title}} {{billNo}}?', '確定刪除{{title}} {{billNo}}？'),
      submitReview: L('提交{{title}} {{billNo}} 审批？提交后不能修改，直到审批结束。', 'Submit {{title}} {{billNo}} for review? It cannot be changed until the review ends.', '提交{{title}} {{billNo}} 審批？提交後不能修改，直到審批結束。'),
    },
    dialog: L('{{action}}：{{billNo}}', '{{action}}: {{billNo}}', '{{action}}：{{billNo}}'),
    asOf: {
      banner: L('正在查看第 {{n}} 版（共 {{m}} 版，只读）', 'Viewing version {{n}} of {{m}} (read only)', '正在查看第 {{n}} 版（共 {{m}} 版，唯讀）'),
      back: L('返回当前版本', 'Back to the current version', '返回當前版本'),
    },
    history: {
      viewAsOf: L('查看此事件后的单据', 'View as of this event', '查看此事件後的單據'),
      viewing: L('正在查看', 'Viewing', '正在查看'),
      empty: L('暂无事件', 'No events yet', '暫無事件'),
      lines: L('{{count}} 行明细', '{{count}} line(s)', '{{count}} 行明細'),
      signed: L('已签名', 'signed', '已簽名'),
      attached: L('已上传附件', 'file attached', '已上傳附件'),
      items: L('{{count}} 项', '{{count}} item(s)', '{{count}} 項'),
      recorded: L('已记录', 'recorded', '已記錄'),
      more: L('；另 {{count}} 行', '; {{count}} more row(s)', '；另 {{count}} 行'),
    },
    log: {
      recordedAt: L('记录时间', 'Recorded at', '記錄時間'),
      recordedBy: L('经办人', 'Recorded by', '經辦人'),
    },
    lifecycle: {
      current: L('当前状态', 'Current state', '當前狀態'),
      final: L('终态', 'Final', '終態'),
      hint: L('状态与动作取自{{title}}的状态机（服务器据此校验每个操作），高亮为单据当前状态', 'States and actions come from the {{title}}\'s state machine (the server checks every action against it); the highlighted node is the current state', '狀態與動作取自{{title}}的狀態機（伺服器據此校驗每個操作），高亮為單據當前狀態'),
    },
    xlsx: {
      bills: L('单据', 'Bills', '單據'),
      owners: L('货主', 'Cargo owners', '貨主'),
      materials: L('物料', 'Materials', '物料'),
      code: L('编码', 'Code', '編碼'),
      name: L('名称', 'Name', '名稱'),
      ownerCode: L('货主编码', 'Cargo owner code', '貨主編碼'),
      keyNote: L('同一{{key}}的多行是同一张单据：每行一条明细，表头各列在每行重复填写（以该单据第一行为准）。', 'Rows with the same {{key}} make one document: one line per row, the header columns repeated on each row (the document\'s first row counts).', '同一{{key}}的多行是同一張單據：每行一條明細，表頭各列在每行重複填寫（以該單據第一行為準）。'),
      refNote: L('货主、物料、库区等填编码；可用的货主和物料及其名称见「货主」「物料」工作表。导入后为草稿，审核后才生效。', 'Cargo owners, materials, areas and the like are given by code; the owners and materials you may use, with their names, are on the "Cargo owners" and "Materials" sheets. Imported documents are drafts until audited.', '貨主、物料、庫區等填編碼；可用的貨主和物料及其名稱見「貨主」「物料」工作表。匯入後為草稿，審核後才生效。'),
    },
    import: {
      button: L('导入', 'Import', '匯入'),
      title: L('导入{{title}}', 'Import {{title}}', '匯入{{title}}'),
      template: L('下载模板', 'Download template', '下載範本'),
      pick: L('选择文件（.xlsx）', 'Choose a file (.xlsx)', '選擇檔案（.xlsx）'),
      checking: L('正在检查…', 'Checking…', '正在檢查…'),
      ok: L('共 {{rows}} 行，将生成 {{bills}} 张{{title}}草稿。确认后才会写入。', '{{rows}} rows found, making {{bills}} draft {{title}} document(s). Nothing is written until you confirm.', '共 {{rows}} 行，將生成 {{bills}} 張{{title}}草稿。確認後才會寫入。'),
      withErrors: L('共 {{rows}} 行，其中 {{errorRows}} 行有误。每张单据要么整张写入，要么不写入：请修正文件后重新导入。', '{{rows}} rows found, {{errorRows}} of them with errors. Each document is written whole or not at all: correct the file and import it again.', '共 {{rows}} 行，其中 {{errorRows}} 行有誤。每張單據要麼整張寫入，要麼不寫入：請修正檔案後重新匯入。'),
      confirm: L('确认导入 {{bills}} 张单据', 'Import {{bills}} document(s)', '確認匯入 {{bills}} 張單據'),
      done: L('已导入 {{count}} 张{{title}}（{{lines}} 行明细），均为草稿', '{{count}} {{title}} document(s) imported ({{lines}} lines), all drafts', '已匯入 {{count}} 張{{title}}（{{lines}} 行明細），均為草稿'),
      row: L('行号', 'Row', '行號'),
      key: L('单据', 'Document', '單據'),
      field: L('字段', 'Field', '欄位'),
      message: L('错误信息', 'Error', '錯誤訊息'),
      errors: L('错误', 'Errors', '錯誤'),
      ignoredHeaders: L('以下列不认识，已忽略：{{headers}}', 'Columns not recognised, left out: {{headers}}', '以下欄位不認識，已忽略：{{headers}}'),
      headerDiffers: L('{{label}}与同一单据第 {{row}} 行不一致', '{{label}} differs from row {{row}} of the same document', '{{label}}與同一單據第 {{row}} 行不一致'),
      ownerForbidden: L('只能导入本货主的单据：{{code}}', 'You may import only your own cargo owner\'s documents: {{code}}', '只能匯入本貨主的單據：{{code}}'),
      notOwners: L('{{label}}「{{code}}」不属于货主「{{owner}}」', '{{label}} "{{code}}" is not cargo owner {{owner}}\'s', '{{label}}「{{code}}」不屬於貨主「{{owner}}」'),
      exists: L('{{key}}「{{value}}」的{{title}}已存在（{{billNo}}），不能重复导入', 'A {{title}} with {{key}} "{{value}}" exists already ({{billNo}}): it is not imported twice', '{{key}}「{{value}}」的{{title}}已存在（{{billNo}}），不能重複匯入'),
      failed: L('{{key}}「{{value}}」未写入：{{message}}', '{{key}} "{{value}}" was not written: {{message}}', '{{key}}「{{value}}」未寫入：{{message}}'),
    },
    review: {
      inReview: L('审批中', 'In review', '審批中'),
      openProcess: L('查看流程', 'Open the process', '查看流程'),
      openDiagram: L('查看流程图', 'Open the diagram', '查看流程圖'),
      lastComment: L('审批意见', 'Review comment', '審批意見'),
      waitingAt: L('当前节点：', 'Waiting at ', '當前節點：'),
      heldBy: L('办理人 {{name}}', 'held by {{name}}', '辦理人 {{name}}'),
      claimableBy: L('待 {{who}} 签收', 'to be claimed by {{who}}', '待 {{who}} 簽收'),
      nobody: L('暂无办理人', 'nobody holds it yet', '暫無辦理人'),
      starting: L('审批流程正在启动…', 'The review process is starting…', '審批流程正在啟動…'),
      ending: L('审批即将结束', 'The review is ending', '審批即將結束'),
    },
  },
  errors: {
    documentRemoveForbidden: L('单据当前状态为「{{state}}」，不能删除：{{billNo}}', 'The document is {{state}} and cannot be deleted: {{billNo}}', '單據目前狀態為「{{state}}」，不能刪除：{{billNo}}'),
    reviewNotConfigured: L('该单据类型没有配置审批流程', 'No review process is configured for this document type', '該單據類型沒有設定審批流程'),
  },
} satisfies Words;
