/// <reference path="./bpmn-moddle.d.ts" />
import BpmnModdle from 'bpmn-moddle';
import { tplModdleDescriptor } from './tpl-moddle';
import { checkCondition, isConditionLanguage } from './condition';
import { badAssignmentItems } from './assignment';

/**
 * A BPMN 2.0 document read with bpmn-moddle (the same library bpmn-js uses) and our
 * extension, reduced to what the server needs: the process key and name, its nodes with
 * their assignments, its flows with their conditions, and the problems that must stop a
 * deployment. Parsing is a well-kept library's job; this only walks the result.
 */
export type ProcessNode = {
  id: string;
  name: string;
  type: string;
  assignee?: string;
  candidateRoles?: string;
  candidateUsers?: string;
  formKey?: string;
  /** for boundary events: the activity they are attached to */
  attachedTo?: string;
  cancelActivity?: boolean;
  timer?: { kind: 'timeDuration' | 'timeDate' | 'timeCycle'; value: string };
};
export type ProcessFlow = { id: string; name: string; source: string; target: string; condition?: string; isDefault: boolean };
export type ModelProblem = { elementId: string; message: string };
export type ProcessModel = {
  key: string;
  name: string;
  documentType?: string;
  nodes: ProcessNode[];
  flows: ProcessFlow[];
  problems: ModelProblem[];
};

type ModdleElement = { $type: string; id?: string; name?: string; [k: string]: unknown };
const moddle = () => new BpmnModdle({ tpl: tplModdleDescriptor });

const attr = (el: ModdleElement, name: string): string | undefined => {
  const v = el[name] ?? (el.$attrs as Record<string, unknown> | undefined)?.[`tpl:${name}`];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
};

const timerOf = (el: ModdleElement): ProcessNode['timer'] => {
  const defs = (el.eventDefinitions as ModdleElement[] | undefined) ?? [];
  const t = defs.find((d) => d.$type === 'bpmn:TimerEventDefinition');
  if (!t) return undefined;
  for (const kind of ['timeDuration', 'timeDate', 'timeCycle'] as const) {
    const body = (t[kind] as ModdleElement | undefined)?.body;
    if (typeof body === 'string') return { kind, value: body.trim() };
  }
  return undefined;
};

/** Reads the first executable process of a BPMN document. Throws only when the XML is not BPMN at all. */
export const readProcessModel = async (xml: string): Promise<ProcessModel> => {
  const { rootElement, warnings } = await moddle().fromXML(xml);
  const problems: ModelProblem[] = warnings.map((w: { message: string; element?: { id?: string } }) => ({
    elementId: w.element?.id ?? '',
    message: w.message,
  }));
  const processes = ((rootElement as unknown as ModdleElement).rootElements as ModdleElement[] | undefined)?.filter((e) => e.$type === 'bpmn:Process') ?? [];
  const proc = processes.find((p) => p.isExecutable) ?? processes[0];
  if (!proc) return { key: '', name: '', nodes: [], flows: [], problems: [...problems, { elementId: '', message: 'no process in the document' }] };
  if (!proc.isExecutable) problems.push({ elementId: proc.id ?? '', message: 'the process is not executable' });
  const nodes: ProcessNode[] = [];
  const flows: ProcessFlow[] = [];
  for (const el of (proc.flowElements as ModdleElement[] | undefined) ?? []) {
    const id = el.id ?? '';
    const name = typeof el.name === 'string' ? el.name : '';
    if (el.$type === 'bpmn:SequenceFlow') {
      const cond = el.conditionExpression as ModdleElement | undefined;
      const body = typeof cond?.body === 'string' ? cond.body.trim() : undefined;
      if (cond && !isConditionLanguage(cond.language as string | undefined)) {
        problems.push({ elementId: id, message: `condition language "${String(cond.language)}" is not supported (use jexl)` });
      } else if (cond) {
        const check = checkCondition(body ?? '');
        if (!check.ok) problems.push({ elementId: id, message: `condition: ${check.error}` });
      }
      const source = (el.sourceRef as ModdleElement | undefined)?.id ?? '';
      const isDefault = ((el.sourceRef as ModdleElement | undefined)?.default as ModdleElement | undefined)?.id === id;
      flows.push({ id, name, source, target: (el.targetRef as ModdleElement | undefined)?.id ?? '', isDefault, ...(body ? { condition: body } : {}) });
      continue;
    }
    const node: ProcessNode = { id, name, type: el.$type.replace(/^bpmn:/, '') };
    if (el.$type === 'bpmn:UserTask') {
      for (const a of ['assignee', 'candidateRoles', 'candidateUsers', 'formKey'] as const) {
        const v = attr(el, a);
        if (v) node[a] = v;
      }
      for (const a of ['assignee', 'candidateRoles', 'candidateUsers'] as const) {
        for (const bad of badAssignmentItems(node[a])) problems.push({ elementId: id, message: `${a}: "${bad}" is neither a name nor \${variable}` });
      }
      if (!node.assignee && !node.candidateRoles && !node.candidateUsers) problems.push({ elementId: id, message: 'user task has no assignee or candidates' });
    }
    if (el.$type === 'bpmn:BoundaryEvent') {
      node.attachedTo = (el.attachedToRef as ModdleElement | undefined)?.id ?? '';
      node.cancelActivity = el.cancelActivity !== false;
    }
    const timer = timerOf(el);
    if (timer) node.timer = timer;
    nodes.push(node);
  }
  if (!nodes.some((n) => n.type === 'StartEvent')) problems.push({ elementId: proc.id ?? '', message: 'the process has no start event' });
  if (!nodes.some((n) => n.type === 'EndEvent')) problems.push({ elementId: proc.id ?? '', message: 'the process has no end event' });
  const documentType = attr(proc, 'documentType');
  return {
    key: proc.id ?? '',
    name: typeof proc.name === 'string' && proc.name ? proc.name : (proc.id ?? ''),
    ...(documentType ? { documentType } : {}),
    nodes,
    flows,
    problems,
  };
};

/** The user tasks of a model in document order: the candidates for "reject to a node". */
export const userTasksOf = (model: ProcessModel): ProcessNode[] => model.nodes.filter((n) => n.type === 'UserTask');
