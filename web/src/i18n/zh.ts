/**
 * The console's own strings (Simplified Chinese). Merged over the shared resources of
 * @tpl/contracts, which already carry field labels, actions, enums, errors and validation.
 */
export const zh = {
  app: {
    title: '三方物流运营控制台',
    operationSuccess: '操作成功',
  },
  lang: {
    label: '语言',
    zh: '简体中文',
    en: 'English',
    mo: '繁體中文（澳門）',
  },
  menu: {
    consignment: '托运单',
  },
  common: {
    search: '查询',
    reset: '重置',
    new: '新增',
    view: '查看',
    edit: '编辑',
    delete: '删除',
    save: '保存',
    cancel: '取消',
    back: '返回',
    actions: '操作',
    confirmTitle: '提示',
    deleteConfirm: '确定将选择数据删除?',
    selectAtLeastOne: '请选择至少一条数据',
    total: '共 {{total}} 条',
    empty: '—',
    rowNumber: '序号',
    forbiddenTitle: '403',
    listSeparator: '、',
    forbidden: '当前账号没有修改托运单的权限',
    backToList: '返回列表',
  },
  login: {
    title: '登录',
    subtitle: '欢迎使用三方物流运营控制台',
    submit: '登录',
  },
  user: {
    logout: '退出登录',
  },
  pages: {
    consignmentList: '托运单',
    consignmentNew: '新增托运单',
    consignmentEdit: '编辑托运单',
  },
  consignment: {
    fields: {
      consignorName: '发货方',
      consigneeName: '收货方',
      createdByName: '制单人',
      createdBy: '制单人',
      createdAt: '创建时间',
      updatedBy: '修改人',
      updatedAt: '更新时间',
      auditedBy: '审核人',
      auditedAt: '审核时间',
      dispatchedAt: '派车时间',
      loadedAt: '装车时间',
      cancelReason: '作废原因',
      cancelledAt: '作废时间',
      dateRange: '单据日期',
    },
    sections: {
      basic: '基本信息',
      lines: '货物明细',
      transport: '运输信息',
      audit: '单据记录',
      total: '合计',
    },
    tabs: {
      details: '详情',
      history: '历史',
      lifecycle: '生命周期',
    },
    removed: '该托运单已删除（只读）',
    versionTag: '版本 {{version}}',
    addLine: '添加明细',
    removeLine: '删除明细',
    notEditable: '只有草稿状态的托运单可以编辑',
    statePlaceholder: '全部状态',
    confirm: {
      audit: '确定审核托运单 {{billNo}}?',
      load: '确定托运单 {{billNo}} 已装车?',
      remove: '确定删除托运单 {{billNo}}?',
    },
    modal: {
      dispatch: '派车：{{billNo}}',
      arrive: '到达：{{billNo}}',
      sign: '签收：{{billNo}}',
      cancel: '作废：{{billNo}}',
    },
    asOf: {
      banner: '正在查看第 {{n}} 版（共 {{m}} 版，只读）',
      back: '返回当前版本',
    },
    history: {
      viewAsOf: '查看此事件后的单据',
      viewing: '正在查看',
      empty: '暂无事件',
      lines: '{{count}} 行明细',
    },
    lifecycle: {
      current: '当前状态',
      final: '终态',
      hint: '状态与动作取自审批流程定义，高亮为单据当前状态',
    },
  },
  events: {
    ConsignmentCreated: '创建托运单',
    ConsignmentChanged: '修改托运单',
    ConsignmentAudited: '审核',
    ConsignmentDispatched: '派车',
    ConsignmentLoaded: '装车',
    ConsignmentArrived: '到达',
    ConsignmentSigned: '签收',
    ConsignmentCancelled: '作废',
    ConsignmentRemoved: '删除',
  },
  errors: {
    timeout: '请求超时，请稍后再试',
    network: '网络异常，无法连接服务器',
  },
  notFound: {
    title: '404',
    subTitle: '抱歉，您访问的页面不存在',
    back: '返回首页',
    document: '托运单不存在或已被删除',
  },
};

/** The shape every language must have (checked by the compiler and by missingKeys()). */
export type ConsoleStrings = typeof zh;
