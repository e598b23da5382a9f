import type { DocumentDef } from '../documents/define';
import { L, type Words } from '../i18n/labels';

/**
 * Server messages and labels of the workflow context (/api/bl-flow), the leave sample and the
 * consignment's review; merged into the shared resources by messages.ts (through the context's
 * front door). Console-only words live in the console's own words file.
 */

/** Every reviewable document type by its description's title. */
const reviewable = (documents: readonly DocumentDef[]): Words => Object.fromEntries(documents.filter((d) => d.review).map((d) => [d.name, d.title]));

/** The workflow's words; the reviewable document types' titles come from their descriptions. */
export const flowWordsOf = (documents: readonly DocumentDef[]) => ({
  flow: {
    title: L('流程', 'Process', '流程'),
    fields: {
      id: L('编号', 'ID', '編號'),
      version: L('版本', 'Version', '版本'),
      modelKey: L('流程标识', 'Process key', '流程標識'),
      name: L('名称', 'Name', '名稱'),
      categoryId: L('流程分类', 'Process category', '流程分類'),
      description: L('描述', 'Description', '描述'),
      xml: L('流程图', 'Diagram', '流程圖'),
      processDefinitionId: L('流程定义', 'Process definition', '流程定義'),
      processId: L('流程定义', 'Process definition', '流程定義'),
      processKey: L('流程标识', 'Process key', '流程標識'),
      key: L('流程标识', 'Process key', '流程標識'),
      state: L('状态', 'State', '狀態'),
      latest: L('仅最新版本', 'Newest versions only', '僅最新版本'),
      businessKey: L('业务编号', 'Business key', '業務編號'),
      variables: L('流程变量', 'Process variables', '流程變數'),
      taskId: L('任务', 'Task', '任務'),
      instanceId: L('流程实例', 'Process instance', '流程實例'),
      comment: L('审批意见', 'Comment', '審批意見'),
      targetNodeKey: L('驳回节点', 'Send back to', '駁回節點'),
      userAccount: L('用户账号', 'User account', '用戶帳號'),
      userAccounts: L('抄送人', 'Copy to', '抄送人'),
      keyword: L('关键字', 'Keyword', '關鍵字'),
      documentType: L('单据类型', 'Document type', '單據類型'),
      enabled: L('启用', 'Enabled', '啟用'),
      current: L('页码', 'Page', '頁碼'),
      size: L('每页条数', 'Page size', '每頁條數'),
      ids: L('所选记录', 'Selected records', '所選記錄'),
    },
    errors: {
      modelNotFound: L('流程模型不存在：{{id}}', 'No such process model: {{id}}', '流程模型不存在：{{id}}'),
      modelInvalid: L('流程图有{{count}}处问题，不能部署：{{first}}', 'The diagram has {{count}} problem(s) and cannot be deployed: {{first}}', '流程圖有{{count}}處問題，不能部署：{{first}}'),
      modelKeyMismatch: L('流程标识「{{modelKey}}」与流程图中的流程ID「{{processId}}」不一致', 'Process key "{{modelKey}}" differs from the process id "{{processId}}" in the diagram', '流程標識「{{modelKey}}」與流程圖中的流程ID「{{processId}}」不一致'),
      definitionNotFound: L('流程定义不存在：{{id}}', 'No such process definition: {{id}}', '流程定義不存在：{{id}}'),
      definitionSuspended: L('流程「{{name}}」已挂起，不能发起', 'Process "{{name}}" is suspended and cannot be started', '流程「{{name}}」已掛起，不能發起'),
      definitionDeleted: L('流程「{{name}}」已删除', 'Process "{{name}}" was deleted', '流程「{{name}}」已刪除'),
      runningInstances: L('流程「{{name}}」还有{{count}}个运行中的实例，不能删除', 'Process "{{name}}" still has {{count}} running instance(s) and cannot be deleted', '流程「{{name}}」還有{{count}}個運行中的實例，不能刪除'),
      instanceNotFound: L('流程实例不存在：{{id}}', 'No such process instance: {{id}}', '流程實例不存在：{{id}}'),
      instanceEnded: L('流程已结束，不能再处理', 'The process has ended; nothing more can be done', '流程已結束，不能再處理'),
      taskNotFound: L('任务不存在：{{id}}', 'No such task: {{id}}', '任務不存在：{{id}}'),
      taskClosed: L('任务已处理（{{status}}），请刷新待办', 'The task was already handled ({{status}}); refresh your to-do list', '任務已處理（{{status}}），請重新整理待辦'),
      notYourTask: L('这不是你的任务', 'This is not your task', '這不是你的任務'),
      notCandidate: L('你不是该任务的候选人', 'You are not a candidate for this task', '你不是該任務的候選人'),
      alreadyClaimed: L('任务已被 {{assignee}} 签收', 'The task was already claimed by {{assignee}}', '任務已被 {{assignee}} 簽收'),
      claimFirst: L('请先签收任务', 'Claim the task first', '請先簽收任務'),
      backNodeInvalid: L('不能驳回到「{{node}}」：只能驳回到开始或已经过的节点', 'Cannot send back to "{{node}}": only to the start or a node already passed', '不能駁回到「{{node}}」：只能駁回到開始或已經過的節點'),
      userUnknown: L('用户「{{account}}」不存在', 'No such user: "{{account}}"', '用戶「{{account}}」不存在'),
      selfHandOn: L('不能转交或委派给自己', 'You cannot delegate or transfer to yourself', '不能轉交或委派給自己'),
      delegatePending: L('任务已委派给 {{assignee}}，等待其处理', 'The task is delegated to {{assignee}} and waits for them', '任務已委派給 {{assignee}}，等待其處理'),
      reviewNotConfigured: L('「{{documentType}}」没有配置审批流程', 'No review process is configured for "{{documentType}}"', '「{{documentType}}」沒有配置審批流程'),
      reviewNeeded: L('该单据需要走审批流程，请点击「提交审批」', 'This document needs review: use "Submit for review"', '該單據需要走審批流程，請點擊「提交審批」'),
      conditionFailed: L('流转条件无法计算：{{error}}', 'A flow condition cannot be evaluated: {{error}}', '流轉條件無法計算：{{error}}'),
    },
  },
  leave: {
    title: L('请假', 'Leave', '請假'),
    fields: {
      id: L('编号', 'ID', '編號'),
      version: L('版本', 'Version', '版本'),
      processDefinitionId: L('流程定义', 'Process definition', '流程定義'),
      leaveType: L('请假类型', 'Leave type', '請假類型'),
      startTime: L('开始时间', 'Start time', '開始時間'),
      endTime: L('结束时间', 'End time', '結束時間'),
      days: L('请假天数', 'Days', '請假天數'),
      reason: L('请假理由', 'Reason', '請假理由'),
      approver: L('审批人', 'Approver', '審批人'),
      businessId: L('业务编号', 'Business ID', '業務編號'),
    },
    errors: {
      notFound: L('请假单不存在：{{id}}', 'No such leave request: {{id}}', '請假單不存在：{{id}}'),
      notYours: L('只能提交自己的请假单', 'You can only submit your own leave requests', '只能提交自己的請假單'),
      notDraft: L('请假单正在审批或已批准，不能再次提交', 'The leave request is in review or approved and cannot be submitted again', '請假單正在審批或已批准，不能再次提交'),
    },
  },
  consignment: {
    fields: {
      isReview: L('审批', 'Review', '審批'),
      reviewedBy: L('审批人', 'Reviewed by', '審批人'),
    },
    actions: {
    },
  },
  enum: {
    consignmentState: {
      InReview: L('审批中', 'In review', '審批中'),
    },
    isReview: {
      '0': L('无需审批', 'No review needed', '無需審批'),
      '1': L('需审批', 'Review needed', '需審批'),
      '2': L('已审批', 'Reviewed', '已審批'),
    },
    leaveType: {
      annual: L('年假', 'Annual', '年假'),
      sick: L('病假', 'Sick', '病假'),
      personal: L('事假', 'Personal', '事假'),
      marriage: L('婚假', 'Marriage', '婚假'),
      maternity: L('产假', 'Maternity', '產假'),
      bereavement: L('丧假', 'Bereavement', '喪假'),
      other: L('其他', 'Other', '其他'),
    },
    leaveState: {
      Draft: L('草稿', 'Draft', '草稿'),
      InReview: L('审批中', 'In review', '審批中'),
      Approved: L('已批准', 'Approved', '已批准'),
    },
    instanceState: {
      running: L('进行中', 'Running', '進行中'),
      approved: L('已通过', 'Approved', '已通過'),
      rejected: L('已驳回', 'Rejected', '已駁回'),
      cancelled: L('已取消', 'Cancelled', '已取消'),
    },
    definitionState: {
      active: L('激活', 'Active', '啟用'),
      suspended: L('挂起', 'Suspended', '掛起'),
    },
    taskStatus: {
      open: L('待办', 'Open', '待辦'),
      completed: L('已办', 'Done', '已辦'),
      rejected: L('已驳回', 'Rejected', '已駁回'),
      cancelled: L('已取消', 'Cancelled', '已取消'),
    },
    reviewDocumentType: {
      ...reviewable(documents),
      leave: L('请假单', 'Leave request', '請假單'),
    },
  },
}) satisfies Words;
