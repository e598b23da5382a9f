import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runEngineStep } from './bpmn-runtime';

const sample = (file: string) => readFileSync(join(__dirname, '../../../../workflows/src/bpmn/samples', file), 'utf8');

describe('bpmn runtime: one step at a time from saved state', () => {
  const xml = sample('consignment-review.bpmn');

  it('starts, waits at the first user task with its timer captured, and survives a JSON round trip', async () => {
    const s1 = await runEngineStep(xml, undefined, { kind: 'start', variables: { totals: { weg: 500 } } });
    expect(s1.completed).toBe(false);
    expect(s1.waiting.map((w) => w.nodeKey)).toEqual(['Task_review']);
    expect(s1.timers).toEqual([expect.objectContaining({ activityId: 'Timer_escalate', delayMs: expect.any(Number) })]);
    expect(s1.timers[0]!.delayMs).toBeGreaterThan(86_000_000);
    const saved = JSON.parse(JSON.stringify(s1.state));
    const s2 = await runEngineStep(xml, saved, { kind: 'signal', executionId: s1.waiting[0]!.executionId });
    expect(s2.completed).toBe(true);
    expect(s2.passedNodes).toEqual(expect.arrayContaining(['Task_review', 'Gateway_weight', 'EndEvent_1']));
    expect(s2.takenFlows).toContain('Flow_light');
  });

  it('takes the conditional flow over the document fields', async () => {
    const s1 = await runEngineStep(xml, undefined, { kind: 'start', variables: { totals: { weg: 20000 } } });
    const s2 = await runEngineStep(xml, s1.state, { kind: 'signal', executionId: s1.waiting[0]!.executionId });
    expect(s2.waiting.map((w) => w.nodeKey)).toEqual(['Task_director']);
    expect(s2.takenFlows).toContain('Flow_heavy');
  });

  it('fires a captured timer: the task is escalated', async () => {
    const s1 = await runEngineStep(xml, undefined, { kind: 'start', variables: {} });
    const s2 = await runEngineStep(xml, s1.state, { kind: 'fireTimer', key: s1.timers[0]!.key });
    expect(s2.passedNodes).toEqual(['Timer_escalate']);
    expect(s2.waiting.map((w) => w.nodeKey)).toEqual(['Task_escalated']);
    expect(s2.timers).toEqual([]);
  });

  it('resumes without a signal and stays where it was', async () => {
    const s1 = await runEngineStep(xml, undefined, { kind: 'start', variables: {} });
    const s2 = await runEngineStep(xml, s1.state, { kind: 'restore' });
    expect(s2.waiting).toEqual(s1.waiting);
    expect(s2.passedNodes).toEqual([]);
  });

  it('a condition failing on this instance\'s data is a 409 naming it, not a crash', async () => {
    const broken = xml.replace('totals.weg &gt; 10000', 'lines[0].weg &gt; 10000');
    const s1 = await runEngineStep(broken, undefined, { kind: 'start', variables: {} });
    await expect(runEngineStep(broken, s1.state, { kind: 'signal', executionId: s1.waiting[0]!.executionId })).rejects.toMatchObject({ code: 409, key: 'flow.errors.conditionFailed' });
  });
});
