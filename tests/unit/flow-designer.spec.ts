/// <reference path="../../workflows/src/bpmn/bpmn-moddle.d.ts" />
import fs from 'node:fs';
import path from 'node:path';
import BpmnModdle from 'bpmn-moddle';
import { Linter } from 'bpmnlint';
import { tplModdleDescriptor } from '@tpl/workflows';
import { lintConfig, lintRules } from '../../web/src/features/flow/designer/lint/lintConfig';
import { countBySeverity, deployVerdict, serverFindings, toFindings, uniqueFindings, type LintResults } from '../../web/src/features/flow/designer/lint/findings';
import { documentFields, fromExpression, toExpression, type ConditionModel } from '../../web/src/features/flow/designer/conditions';
import { fromIsoDuration, parseDuration, toIsoDuration } from '../../web/src/features/flow/designer/duration';
import { newDiagramXml } from '../../web/src/features/flow/designer/templates';

/**
 * The designer's pure parts, without a browser: the lint configuration (bpmnlint's
 * recommended rules and ours) over real BPMN read by bpmn-moddle with our extension, the
 * findings that decide a deploy, the condition editor's expressions and timer durations.
 */
const samples = path.resolve(__dirname, '../../workflows/src/bpmn/samples');
const read = (file: string) => fs.readFileSync(path.join(samples, file), 'utf8');

const lint = async (xml: string): Promise<LintResults> => {
  const { rootElement } = await new BpmnModdle({ tpl: tplModdleDescriptor }).fromXML(xml);
  return new Linter(lintConfig).lint(rootElement) as Promise<LintResults>;
};
const t = (key: string, opts?: Record<string, unknown>) => `${key}${opts?.defaultValue ? '' : ''}`;

/** A one-task process with the given task attributes and flows, laid out so no element overlaps. */
const process = (taskAttrs: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:tpl="http://tpl-console.dev/schema/bpmn/1.0" id="D" targetNamespace="http://x">
  <bpmn:process id="p1" name="P" isExecutable="true">
    <bpmn:startEvent id="S" name="Start"><bpmn:outgoing>F1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="T" name="Review" ${taskAttrs}><bpmn:incoming>F1</bpmn:incoming><bpmn:outgoing>F2</bpmn:outgoing></bpmn:userTask>
    <bpmn:endEvent id="E" name="End"><bpmn:incoming>F2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="T" />
    <bpmn:sequenceFlow id="F2" sourceRef="T" targetRef="E" />
    ${extra}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="DI"><bpmndi:BPMNPlane id="PL" bpmnElement="p1">
    <bpmndi:BPMNShape id="S_di" bpmnElement="S"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="T_di" bpmnElement="T"><dc:Bounds x="200" y="78" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="E_di" bpmnElement="E"><dc:Bounds x="400" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="F1_di" bpmnElement="F1"><di:waypoint x="136" y="118" /><di:waypoint x="200" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F2_di" bpmnElement="F2"><di:waypoint x="300" y="118" /><di:waypoint x="400" y="118" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

const errorRules = (results: LintResults) =>
  Object.entries(results)
    .filter(([, reports]) => reports.some((r) => r.category === 'error'))
    .map(([rule]) => rule)
    .sort();

describe('designer lint configuration', () => {
  it("runs bpmnlint's recommended rules and ours", () => {
    expect(lintRules['label-required']).toBe('error');
    expect(lintRules['no-disconnected']).toBe('error');
    expect(lintRules['no-gateway-join-fork']).toBe('warn');
    expect(lintRules['tpl/user-task-assignment']).toBe('error');
    expect(lintRules['tpl/condition-syntax']).toBe('error');
    expect(lintRules['tpl/timer-duration']).toBe('error');
  });

  it('finds nothing wrong in the shipped samples (they deploy as they are)', async () => {
    for (const file of ['consignment-review.bpmn', 'leave.bpmn']) expect(errorRules(await lint(read(file)))).toEqual([]);
  });

  it('finds nothing wrong in a new diagram from each template once its task has someone to do it', async () => {
    for (const template of ['approval', 'twoStep'] as const) expect(errorRules(await lint(newDiagramXml(template)))).toEqual([]);
  });

  it('reports a user task with nobody to do it, and a malformed ${variable}', async () => {
    expect(errorRules(await lint(process('')))).toEqual(['tpl/user-task-assignment']);
    const bad = await lint(process('tpl:assignee="${initiator"'));
    expect(bad['tpl/user-task-assignment']?.map((r) => r.message)).toEqual(['badAssignment']);
    expect(errorRules(await lint(process('tpl:candidateRoles="approver"')))).toEqual([]);
    expect(errorRules(await lint(process('tpl:assignee="${initiator}"')))).toEqual([]);
  });

  it('reports a condition that is not jexl, or not parseable', async () => {
    const withFlow = (cond: string) =>
      process(
        'tpl:assignee="admin"',
        `<bpmn:sequenceFlow id="F3" name="x" sourceRef="T" targetRef="E"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" ${cond}</bpmn:conditionExpression></bpmn:sequenceFlow>`,
      );
    const broken = await lint(withFlow('>totals.weg &gt;'));
    expect(broken['tpl/condition-syntax']?.[0]).toMatchObject({ id: 'F3', message: 'conditionSyntax' });
    const groovy = await lint(withFlow('language="groovy">x &gt; 1'));
    expect(groovy['tpl/condition-syntax']?.[0]).toMatchObject({ id: 'F3', message: 'conditionLanguage' });
    expect((await lint(withFlow('>totals.weg &gt; 10')))['tpl/condition-syntax']).toBeUndefined();
  });

  it('reports a timer without a time or with a duration that is not ISO 8601', async () => {
    const timer = (body: string) =>
      process(
        'tpl:assignee="admin"',
        `<bpmn:boundaryEvent id="B" name="late" attachedToRef="T"><bpmn:outgoing>F4</bpmn:outgoing><bpmn:timerEventDefinition id="TD">${body}</bpmn:timerEventDefinition></bpmn:boundaryEvent>
         <bpmn:sequenceFlow id="F4" sourceRef="B" targetRef="E" />`,
      );
    expect((await lint(timer('')))['tpl/timer-duration']?.[0]).toMatchObject({ id: 'TD', message: 'timerMissing' });
    expect((await lint(timer('<bpmn:timeDuration xsi:type="bpmn:tFormalExpression">24 hours</bpmn:timeDuration>')))['tpl/timer-duration']?.[0]).toMatchObject({
      message: 'timerDuration',
    });
    expect((await lint(timer('<bpmn:timeDuration xsi:type="bpmn:tFormalExpression">PT24H</bpmn:timeDuration>')))['tpl/timer-duration']).toBeUndefined();
  });

  it('reports a process the engine would not run', async () => {
    expect(errorRules(await lint(process('tpl:assignee="admin"').replace('isExecutable="true"', 'isExecutable="false"')))).toEqual(['tpl/executable-process']);
  });
});

describe('findings and the deploy verdict', () => {
  const results: LintResults = {
    'tpl/user-task-assignment': [{ id: 'T', message: 'noAssignee', category: 'error' }],
    'superfluous-gateway': [{ id: 'G', message: 'Gateway is superfluous', category: 'warn' }],
    'label-required': [{ id: 'S', message: 'Element is missing label/name', category: 'error' }],
    'some-rule': [{ id: 'X', message: 'noise', category: 'info' }],
  };
  const names: Record<string, string> = { T: 'Review', S: '', G: 'Check' };

  it('lists errors first, words them by rule and names the element (its id when unnamed)', () => {
    const findings = toFindings(results, (id) => names[id], t);
    expect(findings.map((f) => [f.severity, f.elementLabel, f.message])).toEqual([
      ['error', 'Review', 'flow.lint.messages.noAssignee'],
      ['error', 'S', 'flow.lint.rules.label-required'],
      ['warning', 'Check', 'flow.lint.rules.superfluous-gateway'],
    ]);
    expect(countBySeverity(findings)).toEqual({ errors: 2, warnings: 1 });
  });

  it('blocks a deploy on any error, asks on warnings only, goes ahead on none', () => {
    const findings = toFindings(results, (id) => names[id], t);
    expect(deployVerdict(findings)).toBe('blocked');
    expect(deployVerdict(findings.filter((f) => f.severity === 'warning'))).toBe('confirm');
    expect(deployVerdict([])).toBe('ok');
  });

  it("adds the server's problems as errors, once each", () => {
    const server = serverFindings([{ elementId: 'T', message: 'user task has no assignee or candidates' }], (id) => names[id]);
    expect(server[0]).toMatchObject({ severity: 'error', elementLabel: 'Review' });
    expect(uniqueFindings([...server, ...server])).toHaveLength(1);
    expect(deployVerdict(server)).toBe('blocked');
  });
});

describe('condition editor', () => {
  it("offers the consignment's fields as its detail call returns them, nested ones dotted", () => {
    const fields = documentFields('consignment');
    const byPath = Object.fromEntries(fields.map((f) => [f.path, f]));
    expect(byPath['totals.weg']).toEqual({ path: 'totals.weg', kind: 'number' });
    expect(byPath['customerCode']?.kind).toBe('string');
    expect(byPath['consignee.name']?.kind).toBe('string');
    expect(byPath['deliveryMode']?.kind).toBe('enum');
    expect(byPath['isReview']).toEqual({ path: 'isReview', kind: 'enum', options: [0, 1, 2] });
    expect(byPath['initiator']?.kind).toBe('string');
    // ids, versions and the lines list are not conditions a reviewer writes
    expect(byPath['id']).toBeUndefined();
    expect(byPath['version']).toBeUndefined();
    expect(fields.some((f) => f.path.startsWith('lines'))).toBe(false);
  });

  it("offers the leave request's fields", () => {
    const byPath = Object.fromEntries(documentFields('leave').map((f) => [f.path, f]));
    expect(byPath['days']?.kind).toBe('number');
    expect(byPath['leaveType']?.options).toContain('annual');
  });

  it('only offers initiator for a process of no document type', () => {
    expect(documentFields(undefined).map((f) => f.path)).toEqual(['initiator']);
  });

  it('writes rows as jexl the engine parses, numbers bare and text quoted', () => {
    const fields = documentFields('consignment');
    const model: ConditionModel = {
      joiner: 'and',
      rows: [
        { field: 'totals.weg', op: '>', value: '10000' },
        { field: 'customerCode', op: 'in', value: 'C001, C002' },
        { field: 'consignee.name', op: '==', value: 'Fresh "Mart"' },
      ],
    };
    const expression = toExpression(model, fields);
    expect(expression).toBe('totals.weg > 10000 && customerCode in ["C001", "C002"] && consignee.name == "Fresh \\"Mart\\""');
    expect(fromExpression(expression)).toEqual({ ...model, rows: [model.rows[0], { ...model.rows[1], value: 'C001, C002' }, model.rows[2]] });
    expect(toExpression({ joiner: 'or', rows: [{ field: 'isReview', op: '==', value: '1' }, { field: 'initiator', op: '!=', value: 'admin' }] }, fields)).toBe(
      'isReview == 1 || initiator != "admin"',
    );
  });

  it('does not split on && or || inside quotes', () => {
    expect(fromExpression('remark == "a && b" || customerCode == "C1"')).toEqual({
      joiner: 'or',
      rows: [
        { field: 'remark', op: '==', value: 'a && b' },
        { field: 'customerCode', op: '==', value: 'C1' },
      ],
    });
  });

  it('leaves expressions the rows cannot say to the text editor', () => {
    expect(fromExpression('(a > 1 && b < 2) || c == 3')).toBeUndefined();
    expect(fromExpression('a > 1 && b < 2 || c == 3')).toBeUndefined();
    expect(fromExpression('totals.weg >')).toBeUndefined();
    expect(fromExpression('')).toEqual({ joiner: 'and', rows: [] });
  });
});

describe('timer durations', () => {
  it('round-trips the designer units and reads other ISO 8601 durations', () => {
    expect(toIsoDuration({ amount: 24, unit: 'hours' })).toBe('PT24H');
    expect(toIsoDuration({ amount: 2, unit: 'days' })).toBe('P2D');
    expect(toIsoDuration({ amount: 30, unit: 'minutes' })).toBe('PT30M');
    expect(fromIsoDuration('PT24H')).toEqual({ amount: 24, unit: 'hours' });
    expect(fromIsoDuration('P1DT2H')).toBeUndefined();
    expect(parseDuration('P1DT2H')).toBe(26 * 3600_000);
    expect(parseDuration('PT1.5S')).toBe(1500);
    expect(parseDuration('24 hours')).toBeUndefined();
    expect(parseDuration('P')).toBeUndefined();
    expect(parseDuration('PT')).toBeUndefined();
  });
});
