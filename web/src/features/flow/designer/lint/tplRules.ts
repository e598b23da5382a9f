import { badAssignmentItems, checkCondition, isConditionLanguage } from '@tpl/workflows';
import { parseDuration } from '../duration';

/**
 * bpmnlint rules of ours (plugin "tpl"): the checks the server makes before it deploys,
 * run in the designer as the user draws, so a model that the engine would refuse is found
 * here first. Each report's message is an i18n key under flow.lint.messages; the designer
 * words it in the user's language.
 */
type Element = { $type: string; id?: string; [key: string]: unknown };
type Reporter = { report(id: string, message: string): void };
export type RuleFactory = () => { check: (node: Element, reporter: Reporter) => void };

const isType = (node: Element, type: string) => node.$type === type;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** A user task needs someone to do it: an assignee or at least one candidate; `${...}` must be a plain variable. */
const userTaskAssignment: RuleFactory = () => ({
  check(node, reporter) {
    if (!isType(node, 'bpmn:UserTask')) return;
    const values = [text(node.assignee), text(node.candidateRoles), text(node.candidateUsers)];
    if (values.every((v) => !v)) reporter.report(node.id ?? '', 'noAssignee');
    if (values.some((v) => badAssignmentItems(v).length > 0)) reporter.report(node.id ?? '', 'badAssignment');
  },
});

/** A condition must be jexl the engine can parse. */
const conditionSyntax: RuleFactory = () => ({
  check(node, reporter) {
    if (!isType(node, 'bpmn:SequenceFlow')) return;
    const cond = node.conditionExpression as Element | undefined;
    if (!cond) return;
    if (!isConditionLanguage(cond.language as string | undefined)) reporter.report(node.id ?? '', 'conditionLanguage');
    else if (!checkCondition(text(cond.body)).ok) reporter.report(node.id ?? '', 'conditionSyntax');
  },
});

/** A timer must say when: an ISO 8601 duration (PT24H, P2D) the engine understands. */
const timerDuration: RuleFactory = () => ({
  check(node, reporter) {
    if (!isType(node, 'bpmn:TimerEventDefinition')) return;
    const duration = (node.timeDuration as Element | undefined)?.body;
    const date = (node.timeDate as Element | undefined)?.body;
    const cycle = (node.timeCycle as Element | undefined)?.body;
    if (!text(duration) && !text(date) && !text(cycle)) reporter.report(node.id ?? '', 'timerMissing');
    else if (text(duration) && !parseDuration(text(duration))) reporter.report(node.id ?? '', 'timerDuration');
  },
});

/** The engine only runs executable processes. */
const executableProcess: RuleFactory = () => ({
  check(node, reporter) {
    if (isType(node, 'bpmn:Process') && node.isExecutable !== true) reporter.report(node.id ?? '', 'notExecutable');
  },
});

export const tplRules: Record<string, RuleFactory> = {
  'user-task-assignment': userTaskAssignment,
  'condition-syntax': conditionSyntax,
  'timer-duration': timerDuration,
  'executable-process': executableProcess,
};
