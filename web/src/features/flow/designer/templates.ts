import { TPL_NAMESPACE } from '@tpl/workflows';

/**
 * New diagrams. Each template is a complete, lint-clean BPMN document with diagram
 * interchange (so it opens as drawn), using our extension for who does each task. The
 * names are passed in the user's language; the process key starts as a fresh id the user
 * renames in the properties panel.
 */
export const diagramTemplates = ['blank', 'approval', 'twoStep'] as const;
export type DiagramTemplate = (typeof diagramTemplates)[number];

export type TemplateNames = {
  process: string;
  start: string;
  end: string;
  review: string;
  director: string;
  gateway: string;
  heavy: string;
};

const englishNames: TemplateNames = {
  process: 'New approval',
  start: 'Submitted',
  end: 'Approved',
  review: 'Review',
  director: 'Director review',
  gateway: 'Over 10 t?',
  heavy: 'over 10,000 kg',
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A process key that is a valid NCName and unlikely to clash with an existing one. */
export const freshProcessKey = (random: () => number = Math.random) => `process_${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;

type Shape = { id: string; x: number; y: number; w: number; h: number };
const shape = (s: Shape) => `<bpmndi:BPMNShape id="${s.id}_di" bpmnElement="${s.id}"><dc:Bounds x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" /></bpmndi:BPMNShape>`;
const edge = (id: string, points: [number, number][]) =>
  `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`;

const userTask = (id: string, name: string, roles: string, incoming: string, outgoing: string) =>
  `<bpmn:userTask id="${id}" name="${name}" tpl:candidateRoles="${roles}"><bpmn:incoming>${incoming}</bpmn:incoming><bpmn:outgoing>${outgoing}</bpmn:outgoing></bpmn:userTask>`;
const flow = (id: string, source: string, target: string) => `<bpmn:sequenceFlow id="${id}" sourceRef="${source}" targetRef="${target}" />`;

const document = (key: string, name: string, body: string, di: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:tpl="${TPL_NAMESPACE}" id="Definitions_${key}" targetNamespace="http://tpl-console.dev/bpmn">
  <bpmn:process id="${key}" name="${esc(name)}" isExecutable="true">
${body}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${key}">
${di}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

export const newDiagramXml = (template: DiagramTemplate, names: TemplateNames = englishNames, key = freshProcessKey()): string => {
  const n = Object.fromEntries(Object.entries(names).map(([k, v]) => [k, esc(v)])) as TemplateNames;
  const start = `<bpmn:startEvent id="StartEvent_1" name="${n.start}">${template === 'blank' ? '' : '<bpmn:outgoing>Flow_1</bpmn:outgoing>'}</bpmn:startEvent>`;
  if (template === 'blank') return document(key, names.process, start, shape({ id: 'StartEvent_1', x: 152, y: 182, w: 36, h: 36 }));
  if (template === 'approval') {
    return document(
      key,
      names.process,
      [
        start,
        userTask('Task_review', n.review, 'approver', 'Flow_1', 'Flow_2'),
        `<bpmn:endEvent id="EndEvent_1" name="${n.end}"><bpmn:incoming>Flow_2</bpmn:incoming></bpmn:endEvent>`,
        flow('Flow_1', 'StartEvent_1', 'Task_review'),
        flow('Flow_2', 'Task_review', 'EndEvent_1'),
      ].join('\n'),
      [
        shape({ id: 'StartEvent_1', x: 152, y: 182, w: 36, h: 36 }),
        shape({ id: 'Task_review', x: 250, y: 160, w: 100, h: 80 }),
        shape({ id: 'EndEvent_1', x: 412, y: 182, w: 36, h: 36 }),
        edge('Flow_1', [[188, 200], [250, 200]]),
        edge('Flow_2', [[350, 200], [412, 200]]),
      ].join('\n'),
    );
  }
  return document(
    key,
    names.process,
    [
      start,
      userTask('Task_review', n.review, 'approver', 'Flow_1', 'Flow_2'),
      `<bpmn:exclusiveGateway id="Gateway_1" name="${n.gateway}" default="Flow_light"><bpmn:incoming>Flow_2</bpmn:incoming><bpmn:outgoing>Flow_heavy</bpmn:outgoing><bpmn:outgoing>Flow_light</bpmn:outgoing></bpmn:exclusiveGateway>`,
      userTask('Task_director', n.director, 'admin', 'Flow_heavy', 'Flow_director'),
      `<bpmn:endEvent id="EndEvent_1" name="${n.end}"><bpmn:incoming>Flow_light</bpmn:incoming><bpmn:incoming>Flow_director</bpmn:incoming></bpmn:endEvent>`,
      flow('Flow_1', 'StartEvent_1', 'Task_review'),
      flow('Flow_2', 'Task_review', 'Gateway_1'),
      `<bpmn:sequenceFlow id="Flow_heavy" name="${n.heavy}" sourceRef="Gateway_1" targetRef="Task_director"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">totals.weg &gt; 10000</bpmn:conditionExpression></bpmn:sequenceFlow>`,
      flow('Flow_light', 'Gateway_1', 'EndEvent_1'),
      flow('Flow_director', 'Task_director', 'EndEvent_1'),
    ].join('\n'),
    [
      shape({ id: 'StartEvent_1', x: 152, y: 182, w: 36, h: 36 }),
      shape({ id: 'Task_review', x: 240, y: 160, w: 100, h: 80 }),
      shape({ id: 'Gateway_1', x: 395, y: 175, w: 50, h: 50 }),
      shape({ id: 'Task_director', x: 500, y: 160, w: 100, h: 80 }),
      shape({ id: 'EndEvent_1', x: 662, y: 182, w: 36, h: 36 }),
      edge('Flow_1', [[188, 200], [240, 200]]),
      edge('Flow_2', [[340, 200], [395, 200]]),
      edge('Flow_heavy', [[445, 200], [500, 200]]),
      edge('Flow_light', [[420, 175], [420, 110], [680, 110], [680, 182]]),
      edge('Flow_director', [[600, 200], [662, 200]]),
    ].join('\n'),
  );
};
