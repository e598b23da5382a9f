import { FLOW_BUTTONS } from '@tpl/contracts';
import type { ContextMenus } from '@tpl/event-store';

/** The approvals' work entries (start, the inbox lists): [key, name, path]. */
const FLOW_WORK: readonly [string, string, string][] = [
  ['start', '发起流程', '/flowable/work/start'],
  ['todo', '我的待办', '/flowable/work/todo'],
  ['claim', '待签任务', '/flowable/work/claim'],
  ['done', '办结任务', '/flowable/work/done'],
  ['send', '我的请求', '/flowable/work/send'],
  ['copy', '我的抄送', '/flowable/work/copy'],
];
/** The design entries (the administrator's). */
const FLOW_DESIGN: readonly [string, string, string][] = [
  ['designer', '流程设计', '/definition/designer'],
  ['definitions', '流程管理', '/definition/manager'],
  ['reviewConfig', '审批配置', '/definition/review'],
];

/**
 * Approvals' menus: the work and design entries, with the workflow's button codes. Anyone but the
 * read-only auditor may be given a task (a leave's manager, an initiator's sign-off): who acts on
 * which task is the task's assignment; the task buttons let a role act at all; design and deploy
 * stay with the administrator. Every staff role has the work entries (the auditor reads what was
 * copied to it); a cargo owner's user has none.
 */
export const workflowMenus: ContextMenus = {
  add: (tree) => {
    tree.menu('flow', '流程', '/flowable', undefined, 2, 'flow.menu.group');
    [...FLOW_WORK, ...FLOW_DESIGN].forEach(([key, name, path], i) => tree.menu(`flow_${key}`, name, path, 'flow', i + 1, `flow.menu.${key}`));
    Object.values(FLOW_BUTTONS).forEach((code, i) => tree.button(code, code, 'flow', 20 + i));
  },
  grants: () => {
    const entries = ['flow', ...FLOW_WORK.map(([key]) => `flow_${key}`)];
    const acts = [...entries, ...Object.values(FLOW_BUTTONS).filter((c) => c.startsWith('flow_task_'))];
    return { dispatcher: acts, keeper: acts, approver: acts, finance: acts, auditor: entries };
  },
  top: { work: ['flow'] },
};
