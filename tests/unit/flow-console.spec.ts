import dayjs from 'dayjs';
import { i18n, setLanguage } from '../../web/src/i18n';
import { bpmnKey, translate } from '../../web/src/features/flow/designer/translate';
import { isVariable, joinList, splitList } from '../../web/src/features/flow/designer/properties/directory';
import { suggestedDays } from '../../web/src/features/flow/leave/days';
import { flowPaths } from '../../web/src/features/flow/paths';
import { markersFor } from '../../web/src/features/flow/shared/markers';
import { instanceLink, taskLink } from '../../web/src/features/flow/work/links';
import { typedValue } from '../../web/src/features/flow/work/values';

/** The workflow screens' pure parts: where rows lead, what the diagram lights, how values are read and said. */
describe('workflow console helpers', () => {
  afterAll(() => setLanguage('zh'));

  it('opens a leave task on its own handle page (spec 01) and any other on the work detail page', () => {
    const leave = { taskId: 't1', instanceId: 'i1', businessKey: 'b1', documentType: 'leave' };
    expect(taskLink(leave, true)).toBe('/task/process/leave/handle/t1/i1/b1');
    expect(taskLink(leave, false)).toBe('/task/process/leave/detail/i1/b1');
    expect(taskLink({ ...leave, documentType: 'consignment' }, true)).toBe('/flowable/work/detail?taskId=t1&processInstanceId=i1&businessId=b1&documentType=consignment');
    expect(taskLink({ taskId: 't2', instanceId: 'i2', businessKey: null, documentType: null }, true)).toBe('/flowable/work/detail?taskId=t2&processInstanceId=i2');
    expect(instanceLink({ instanceId: 'i1', businessKey: 'b1', documentType: 'leave' })).toBe('/task/process/leave/detail/i1/b1');
    expect(flowPaths.designer({ modelId: 'm1' })).toBe('/definition/designer?modelId=m1');
    expect(flowPaths.inbox('claim')).toBe('/flowable/work/claim');
  });

  it('lights the nodes waiting now over the ones passed, and marks the flows taken once', () => {
    expect(markersFor({ activeNodeIds: ['T2'], pathNodeIds: ['S', 'T1', 'T2', 'T1'], takenFlowIds: ['f1', 'f2', 'f1'] })).toEqual([
      ['S', 'flow-done'],
      ['T1', 'flow-done'],
      ['f1', 'flow-taken'],
      ['f2', 'flow-taken'],
      ['T2', 'flow-active'],
    ]);
    expect(markersFor({})).toEqual([]);
  });

  it('reads start-form values as conditions compare them: numbers and booleans as such, the rest as text', () => {
    expect(typedValue('12000')).toBe(12000);
    expect(typedValue(' 2.5 ')).toBe(2.5);
    expect(typedValue('true')).toBe(true);
    expect(typedValue('C001')).toBe('C001');
    expect(typedValue('')).toBe('');
  });

  it('suggests working days for a leave, in half days, weekends left out', () => {
    // Tuesday 09:00 to Wednesday 13:00: one day and a half
    expect(suggestedDays(dayjs('2026-12-01T09:00:00'), dayjs('2026-12-02T13:00:00'))).toBe(1.5);
    expect(suggestedDays(dayjs('2026-12-01T13:00:00'), dayjs('2026-12-02T11:00:00'))).toBe(1);
    // Friday to Monday: the weekend does not count
    expect(suggestedDays(dayjs('2026-12-04T09:00:00'), dayjs('2026-12-07T18:00:00'))).toBe(2);
    expect(suggestedDays(dayjs('2026-12-02T09:00:00'), dayjs('2026-12-01T09:00:00'))).toBe(0);
  });

  it('keeps assignment lists tidy and knows a ${variable} from an account', () => {
    expect(splitList(' approver, admin ,,approver')).toEqual(['approver', 'admin']);
    expect(joinList([])).toBeUndefined();
    expect(joinList(['a', 'b', 'a'])).toBe('a,b');
    expect(isVariable('${initiator}')).toBe(true);
    expect(isVariable('${consignee.linkman}')).toBe(true);
    expect(isVariable('admin')).toBe(false);
    expect(isVariable('${a b}')).toBe(false);
  });

  it("says bpmn-js's words in the user's language and fills its placeholders", async () => {
    expect(bpmnKey('Activate create/remove space tool')).toBe('activateCreateRemoveSpaceTool');
    await setLanguage('zh');
    expect(translate('Append task')).toBe('追加任务');
    await setLanguage('mo');
    expect(translate('Create gateway')).toBe('閘道');
    await setLanguage('en');
    expect(translate('Append task')).toBe('Append task');
    // words without a translation stay as bpmn-js wrote them, placeholders filled
    expect(translate('Remove {type}', { type: 'lane' })).toBe('Remove lane');
    expect(i18n.language).toBe('en');
  });
});
