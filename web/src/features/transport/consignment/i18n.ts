/** Console strings of the consignment's review (merged in web/src/i18n/index.ts). */
export const consignmentReviewStrings = {
  zh: {
    consignment: {
      confirm: { submitReview: '提交托运单 {{billNo}} 审批？提交后不能修改，直到审批结束。' },
      review: {
        needed: '需审批',
        reviewed: '已审批',
        inReview: '审批中',
        process: '审批流程',
        openProcess: '查看流程',
        openDiagram: '查看流程图',
        lastComment: '审批意见',
        waitingAt: '当前节点：',
        heldBy: '办理人 {{name}}',
        claimableBy: '待 {{who}} 签收',
        nobody: '暂无办理人',
        starting: '审批流程正在启动…',
        ending: '审批即将结束',
      },
    },
    events: {
      ConsignmentSubmittedForReview: '提交审批',
      ConsignmentReviewed: '审批通过',
      ConsignmentReviewRejected: '审批驳回',
    },
  },
  en: {
    consignment: {
      confirm: { submitReview: 'Submit consignment order {{billNo}} for review? It cannot be changed until the review ends.' },
      review: {
        needed: 'Review needed',
        reviewed: 'Reviewed',
        inReview: 'In review',
        process: 'Review process',
        openProcess: 'Open the process',
        openDiagram: 'Open the diagram',
        lastComment: 'Review comment',
        waitingAt: 'Waiting at ',
        heldBy: 'held by {{name}}',
        claimableBy: 'to be claimed by {{who}}',
        nobody: 'nobody holds it yet',
        starting: 'The review process is starting…',
        ending: 'The review is ending',
      },
    },
    events: {
      ConsignmentSubmittedForReview: 'Submitted for review',
      ConsignmentReviewed: 'Review approved',
      ConsignmentReviewRejected: 'Review rejected',
    },
  },
  mo: {
    consignment: {
      confirm: { submitReview: '提交託運單 {{billNo}} 審批？提交後不能修改，直到審批結束。' },
      review: {
        needed: '需審批',
        reviewed: '已審批',
        inReview: '審批中',
        process: '審批流程',
        openProcess: '查看流程',
        openDiagram: '查看流程圖',
        lastComment: '審批意見',
        waitingAt: '當前節點：',
        heldBy: '辦理人 {{name}}',
        claimableBy: '待 {{who}} 簽收',
        nobody: '暫無辦理人',
        starting: '審批流程正在啟動…',
        ending: '審批即將結束',
      },
    },
    events: {
      ConsignmentSubmittedForReview: '提交審批',
      ConsignmentReviewed: '審批通過',
      ConsignmentReviewRejected: '審批駁回',
    },
  },
};
