import type { DefinitionRow, InstanceRow, Page, ProcessDetail } from '@tpl/contracts';
import { ApiClient, data, type Answer } from '../support/api-client';
import { notOk, runAttempts, type Attempt } from '../support/attempts';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { flowOf, parallelXml } from '../api/flow-support';

/**
 * Generated attacks on the approvals API: another tenant's task, instance, definition,
 * model and leave ids on every route; tasks acted on by people who neither hold them nor
 * are candidates; roles without the design buttons; malformed and oversized input,
 * NUL characters, hostile conditions. Each must be refused, none may answer 500, and the
 * victim's instance must be untouched afterwards.
 */
const F = '/api/bl-flow';

describe('security: approvals attempts', () => {
  let t: TestHost;
  let owner: ApiClient;
  const ids = { task: '', instance: '', definition: '', model: '', leave: '', consignment: '' };

  beforeAll(async () => {
    t = await startTestHost('embedded');
    owner = await t.client().as('100001', 'admin', 'admin');
    data(await owner.post(`${F}/review-config/submit`, { documentType: 'consignment', processKey: 'consignment_review', enabled: true }));
    const dispatcher = await t.client().as('100001', 'dispatcher');
    const c = data(await dispatcher.post<{ id: string; version: number }>('/api/bl-transport/consignment/submit', consignmentInput()));
    data(await dispatcher.post('/api/bl-transport/consignment/submit-review', { id: c.id, version: c.version }));
    ids.leave = data(await dispatcher.post<{ id: string }>(`${F}/leave/start-process`, { leaveType: 'sick', startTime: '2026-12-01T09:00:00+08:00', endTime: '2026-12-02T18:00:00+08:00', days: 2, reason: 'flu', approver: 'approver' })).id;
    await flowOf(t).drain();
    const [instance] = data(await owner.get<InstanceRow[]>(`${F}/process/by-business?documentType=consignment&businessKey=${c.id}`));
    ids.instance = instance!.instanceId;
    ids.consignment = c.id;
    ids.task = data(await owner.get<ProcessDetail>(`${F}/process/detail?instanceId=${ids.instance}`)).tasks[0]!.taskId;
    ids.definition = data(await owner.get<Page<DefinitionRow>>(`${F}/manager/list`)).records[0]!.id;
    ids.model = data(await owner.post<{ id: string }>(`${F}/model/submit`, { modelKey: 'parallel_check', name: 'P', xml: parallelXml })).id;
  }, 300_000);
  afterAll(async () => t?.stop());

  const is = (code: number) => (a: Answer<unknown>) => a.status === code;

  it('refuses every attempt and never answers 500', async () => {
    const others = [await t.client().as('100002', 'dispatcher'), await t.client().as('000000', 'admin', 'admin')];
    const keeper = await t.client().as('100001', 'keeper');
    const auditor = await t.client().as('100001', 'auditor');
    const dispatcher = await t.client().as('100001', 'dispatcher');
    const list: Attempt[] = [];
    const taskActions: [string, Record<string, unknown>][] = [
      ['claim-task', {}],
      ['complete-task', { comment: 'x' }],
      ['reject-task', { comment: 'x' }],
      ['delegate-task', { userAccount: 'admin' }],
      ['transfer-task', { userAccount: 'admin' }],
      ['copy-task', { userAccounts: ['admin'] }],
    ];
    // 1. another tenant's ids: not found, whoever asks
    for (const [i, other] of others.entries()) {
      const who = i === 0 ? '100002 dispatcher' : '000000 admin';
      for (const [action, body] of taskActions) list.push({ name: `${who}: ${action} on another tenant's task`, run: () => other.post(`${F}/work/${action}`, { taskId: ids.task, ...body }), refused: is(404) });
      for (const path of ['work/task-detail', 'work/back-nodes']) list.push({ name: `${who}: ${path}`, run: () => other.get(`${F}/${path}?taskId=${ids.task}`), refused: is(404) });
      for (const path of ['process/detail', 'process/history-flow-list']) list.push({ name: `${who}: ${path}`, run: () => other.get(`${F}/${path}?instanceId=${ids.instance}`), refused: is(404) });
      list.push({ name: `${who}: definition detail`, run: () => other.get(`${F}/manager/detail?id=${ids.definition}`), refused: is(404) });
      list.push({ name: `${who}: model detail`, run: () => other.get(`${F}/model/detail?id=${ids.model}`), refused: is(404) });
      list.push({ name: `${who}: leave detail`, run: () => other.get(`${F}/leave/detail?businessId=${ids.leave}`), refused: is(404) });
      list.push({ name: `${who}: resubmit another tenant's leave`, run: () => other.post(`${F}/leave/start-process`, { id: ids.leave, leaveType: 'sick', startTime: '2026-12-01T09:00:00+08:00', endTime: '2026-12-02T18:00:00+08:00', days: 2, reason: 'x', approver: 'approver' }) });
      list.push({ name: `${who}: suspend another tenant's definition`, run: () => other.post(`${F}/manager/change-state`, { processId: ids.definition, state: 'suspended' }) });
      list.push({ name: `${who}: delete another tenant's definition`, run: () => other.post(`${F}/manager/remove?ids=${ids.definition}`) });
      list.push({ name: `${who}: deploy another tenant's model`, run: () => other.post(`${F}/model/deploy`, { id: ids.model }) });
      list.push({ name: `${who}: start another tenant's definition`, run: () => other.post(`${F}/work/start-process`, { processDefinitionId: ids.definition }) });
      list.push({
        name: `${who}: instances of another tenant's document`,
        run: () => other.get(`${F}/process/by-business?documentType=consignment&businessKey=${ids.consignment}`),
        refused: (a) => notOk(a) || (Array.isArray(a.body.data) && a.body.data.length === 0),
      });
      list.push({ name: `${who}: Tenant-Id header naming the victim`, run: () => other.get(`${F}/work/task-detail?taskId=${ids.task}`, { 'Tenant-Id': '100001' }) });
    }
    // 2. the same tenant, not the task's holder or candidate
    for (const [action, body] of taskActions) {
      list.push({ name: `keeper: ${action} on a task for approvers`, run: () => keeper.post(`${F}/work/${action}`, { taskId: ids.task, ...body }), refused: is(403) });
      list.push({ name: `auditor (no task buttons): ${action}`, run: () => auditor.post(`${F}/work/${action}`, { taskId: ids.task, ...body }), refused: is(403) });
    }
    list.push({ name: 'keeper: task detail of a task not theirs', run: () => keeper.get(`${F}/work/task-detail?taskId=${ids.task}`), refused: is(403) });
    // 3. design and configuration without the role
    for (const [path, body] of [
      ['model/submit', { modelKey: 'parallel_check', name: 'P', xml: parallelXml }],
      ['model/deploy', { id: ids.model }],
      ['manager/deploy-upload', { xml: parallelXml }],
      ['manager/change-state', { processId: ids.definition, state: 'suspended' }],
      ['review-config/submit', { documentType: 'consignment', processKey: 'x', enabled: false }],
    ] as const) {
      for (const [name, who] of [['dispatcher', dispatcher], ['keeper', keeper]] as const) list.push({ name: `${name}: ${path}`, run: () => who.post(`${F}/${path}`, body), refused: is(403) });
    }
    // 4. malformed, oversized and hostile input
    const raw = (path: string, init: RequestInit) => fetch(t.url + path, init).then(async (r) => ({ status: r.status, body: JSON.parse(await r.text()) }) as Answer<unknown>);
    for (const bad of ['not-a-uuid', '', "' OR 1=1 --", '00000000-0000-0000-0000-000000000000']) {
      list.push({ name: `task id ${JSON.stringify(bad)}`, run: () => owner.post(`${F}/work/complete-task`, { taskId: bad }) });
      list.push({ name: `instance id ${JSON.stringify(bad)}`, run: () => owner.get(`${F}/process/detail?instanceId=${encodeURIComponent(bad)}`) });
    }
    list.push({ name: 'comment of 5,000 characters', run: () => owner.post(`${F}/work/complete-task`, { taskId: ids.task, comment: 'x'.repeat(5000) }), refused: is(400) });
    list.push({ name: 'comment with a NUL character', run: () => owner.post(`${F}/work/reject-task`, { taskId: ids.task, comment: 'a\u0000b' }), refused: is(400) });
    list.push({ name: 'variables with a NUL character', run: () => owner.post(`${F}/work/complete-task`, { taskId: ids.task, variables: { a: 'x\u0000' } }), refused: is(400) });
    list.push({ name: 'copy to 500 people', run: () => owner.post(`${F}/work/copy-task`, { taskId: ids.task, userAccounts: Array.from({ length: 500 }, (_, i) => `u${i}`) }), refused: is(400) });
    list.push({ name: 'reject to a node never passed', run: () => owner.post(`${F}/work/reject-task`, { taskId: ids.task, comment: 'x', targetNodeKey: 'Task_director' }), refused: is(400) });
    list.push({ name: 'delegate to a user of another tenant', run: () => owner.post(`${F}/work/delegate-task`, { taskId: ids.task, userAccount: 'eli' }), refused: is(400) });
    list.push({ name: 'deploy 2 MB of XML', run: () => raw(`${F}/manager/deploy-upload`, { method: 'POST', headers: owner.headers({ 'Content-Type': 'application/json' }), body: JSON.stringify({ xml: 'x'.repeat(2 * 1024 * 1024) }) }) });
    list.push({ name: 'deploy XML that is not BPMN', run: () => owner.post(`${F}/manager/deploy-upload`, { xml: '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' }), refused: is(400) });
    for (const condition of ['process.exit(1)', 'require("child_process")', 'a|eval', '${java.lang.Runtime}', 'constructor.constructor("return process")()']) {
      const xml = parallelXml.replace('<bpmn:sequenceFlow id="f7" sourceRef="Task_final" targetRef="End" />', `<bpmn:sequenceFlow id="f7" sourceRef="Task_final" targetRef="End"><bpmn:conditionExpression>${condition.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')}</bpmn:conditionExpression></bpmn:sequenceFlow>`);
      list.push({ name: `deploy a condition ${condition}`, run: () => owner.post(`${F}/manager/deploy-upload`, { xml }), refused: is(400) });
    }
    list.push({ name: 'start with a tenantId in the body', run: () => (others[0] as ApiClient).post(`${F}/work/start-process`, { processKey: 'leave', tenantId: '100001', variables: { tenantId: '100001' } }), refused: (a) => notOk(a) || a.status === 200 });
    list.push({ name: 'complete with malformed JSON', run: () => raw(`${F}/work/complete-task`, { method: 'POST', headers: owner.headers({ 'Content-Type': 'application/json' }), body: '{"taskId":' }) });
    list.push({ name: 'page size 1000', run: () => owner.get(`${F}/work/todo-list?size=1000`), refused: is(400) });

    const { granted, errors } = await runAttempts(list);
    console.log(`approvals security attempts: ${list.length} made, ${granted.length} succeeded, ${errors.length} answered 500`);
    expect(granted).toEqual([]);
    expect(errors).toEqual([]);
    expect(list.length).toBeGreaterThanOrEqual(80);

    // the victim's instance is where it was: one open review task, nothing decided
    const detail = data(await owner.get<ProcessDetail>(`${F}/process/detail?instanceId=${ids.instance}`));
    expect(detail.tasks.map((x) => x.taskId)).toEqual([ids.task]);
    expect(detail.history.map((h) => h.type)).toEqual(['started']);
    // the smuggled start landed in the caller's own tenant, not the victim's
    const leaves = data(await owner.get<Page<InstanceRow>>(`${F}/process/list?processKey=leave&size=50`)).records;
    expect(leaves.every((l) => l.initiator === 'dispatcher')).toBe(true);
  });
});
