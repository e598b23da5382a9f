import { readFileSync } from 'fs';
import { join } from 'path';
import { readProcessModel, userTasksOf } from './model';
import { sampleProcesses } from './samples';

const sample = (file: string) => readFileSync(join(__dirname, 'samples', file), 'utf8');

describe('BPMN model reader (bpmn-moddle + the tpl extension)', () => {
  it.each(sampleProcesses.map((s) => [s.key, s] as const))('reads the %s sample with no problems', async (_k, s) => {
    const model = await readProcessModel(sample(s.file));
    expect(model.problems).toEqual([]);
    expect(model.key).toBe(s.key);
    expect(model.documentType).toBe(s.documentType);
  });

  it('reads assignments, conditions, defaults and timers', async () => {
    const model = await readProcessModel(sample('consignment-review.bpmn'));
    expect(userTasksOf(model).map((t) => t.id)).toEqual(['Task_review', 'Task_escalated', 'Task_director']);
    expect(model.nodes.find((n) => n.id === 'Task_review')).toMatchObject({ candidateRoles: 'approver,admin', formKey: 'consignment' });
    expect(model.nodes.find((n) => n.id === 'Timer_escalate')).toMatchObject({ attachedTo: 'Task_review', cancelActivity: true, timer: { kind: 'timeDuration', value: 'PT24H' } });
    expect(model.flows.find((f) => f.id === 'Flow_heavy')).toMatchObject({ condition: 'totals.weg > 10000', isDefault: false });
    expect(model.flows.find((f) => f.id === 'Flow_light')).toMatchObject({ isDefault: true });
    const leave = await readProcessModel(sample('leave.bpmn'));
    expect(leave.nodes.find((n) => n.id === 'Task_manager')).toMatchObject({ assignee: '${approver}' });
  });

  it('reports what must stop a deployment', async () => {
    const xml = sample('leave.bpmn')
      .replace('days &gt; 3', 'days &gt;')
      .replace('tpl:candidateRoles="admin"', '')
      .replace('language="jexl"', 'language="javascript"');
    const model = await readProcessModel(xml);
    const messages = model.problems.map((p) => `${p.elementId}: ${p.message}`);
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/^Flow_long: condition language "javascript"/), 'Task_hr: user task has no assignee or candidates']));
    const bad = await readProcessModel(sample('leave.bpmn').replace('days &gt; 3', 'days &gt;'));
    expect(bad.problems.map((p) => p.elementId)).toEqual(['Flow_long']);
  });

  it('throws on XML that is not BPMN', async () => {
    await expect(readProcessModel('<not-bpmn')).rejects.toThrow();
  });
});
