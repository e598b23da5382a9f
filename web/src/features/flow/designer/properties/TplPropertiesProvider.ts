import { i18n } from '../../../../i18n';
import { entries, type DiagramElement } from './entries';

/**
 * Our group in bpmn-js-properties-panel (the shape of bpmn-js-examples'
 * properties-panel-extension): who does a user task (assignee, candidate roles, candidate
 * users) and its form key; the document type a process reviews; the condition of a flow
 * leaving a gateway; the escalation time of a boundary timer. The values are attributes
 * of our moddle extension (workflows/src/bpmn/tpl-moddle.ts), which the engine reads.
 */
type Group = { id: string; label: string; entries: object[]; shouldOpen?: boolean };
type PropertiesPanel = { registerProvider(priority: number, provider: { getGroups(element: DiagramElement): (groups: Group[]) => Group[] }): void };
type BusinessObject = DiagramElement['businessObject'];

const LOW_PRIORITY = 500;
const t = (key: string) => i18n.t(`flow.designer.groups.${key}`);

const is = (bo: BusinessObject | undefined, type: string) => bo?.$type === type;

const timerOf = (bo: BusinessObject) =>
  ((bo.eventDefinitions as BusinessObject[] | undefined) ?? []).find((d) => d.$type === 'bpmn:TimerEventDefinition');

/** Flows whose condition decides a route: out of an exclusive or inclusive gateway, or conditional flows out of a task. */
const isConditional = (bo: BusinessObject) => {
  const source = bo.sourceRef as BusinessObject | undefined;
  if (!source) return false;
  if (is(source, 'bpmn:ExclusiveGateway') || is(source, 'bpmn:InclusiveGateway')) return (source.default as BusinessObject | undefined)?.id !== bo.id;
  return Boolean(bo.conditionExpression);
};

export const groupsFor = (element: DiagramElement): Group[] => {
  const bo = element.businessObject;
  const groups: Group[] = [];
  if (is(bo, 'bpmn:UserTask')) {
    groups.push({
      id: 'tpl-assignment',
      label: t('assignment'),
      shouldOpen: true,
      entries: [
        { id: 'tpl-assignee', component: entries.PeopleEntry, attr: 'assignee', single: true, isEdited: () => Boolean(bo.get('tpl:assignee')) },
        { id: 'tpl-candidateRoles', component: entries.RolesEntry, isEdited: () => Boolean(bo.get('tpl:candidateRoles')) },
        { id: 'tpl-candidateUsers', component: entries.PeopleEntry, attr: 'candidateUsers', single: false, isEdited: () => Boolean(bo.get('tpl:candidateUsers')) },
        { id: 'tpl-formKey', component: entries.ChoiceEntry, attr: 'formKey', isEdited: () => Boolean(bo.get('tpl:formKey')) },
      ],
    });
  }
  const process = is(bo, 'bpmn:Process') ? bo : is(bo, 'bpmn:Participant') ? (bo.processRef as BusinessObject | undefined) : undefined;
  if (process) {
    groups.push({
      id: 'tpl-document',
      label: t('document'),
      shouldOpen: true,
      entries: [{ id: 'tpl-documentType', component: entries.ChoiceEntry, attr: 'documentType', ...(process === bo ? {} : { moddleTarget: process }), isEdited: () => Boolean(process.get('tpl:documentType')) }],
    });
  }
  if (is(bo, 'bpmn:SequenceFlow') && isConditional(bo)) {
    groups.push({ id: 'tpl-condition', label: t('condition'), shouldOpen: true, entries: [{ id: 'tpl-condition-entry', component: entries.ConditionEntry, isEdited: () => Boolean(bo.conditionExpression) }] });
  }
  const timer = is(bo, 'bpmn:BoundaryEvent') ? timerOf(bo) : undefined;
  if (timer) {
    groups.push({ id: 'tpl-timer', label: t('timer'), shouldOpen: true, entries: [{ id: 'tpl-timer-duration', component: entries.DurationEntry, timer, isEdited: () => true }] });
  }
  return groups;
};

export function TplPropertiesProvider(this: unknown, propertiesPanel: PropertiesPanel) {
  propertiesPanel.registerProvider(LOW_PRIORITY, {
    getGroups: (element) => (groups) => {
      const ours = groupsFor(element);
      // our timer entry replaces the generic one on boundary timers (one place to say "after 24 hours")
      const kept = ours.some((g) => g.id === 'tpl-timer') ? groups.filter((g) => g.id !== 'timer') : groups;
      return [...kept, ...ours];
    },
  });
}
TplPropertiesProvider.$inject = ['propertiesPanel'];

export const tplPropertiesProviderModule = {
  __init__: ['tplPropertiesProvider'],
  tplPropertiesProvider: ['type', TplPropertiesProvider],
};
