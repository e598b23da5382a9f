import type { DefinitionRow, InstanceRow, Page, ProcessDetail } from '@tpl/contracts';
import { ApiClient, data, type Answer } from '../support/api-client';
import { answer, notServerError, refusal, runAttempts, runControls, summary, withheld, type Attempt, type Refusal } from '../support/attempts';
import { consignmentInput } from '../support/fixtures';
import { seedRecords, startTestHost, type TestHost } from '../support/host';
import { flowOf, parallelXml } from '../api/flow-support';

/**
 * Generated attacks on the approvals API: another tenant's task, instance, definition,
 * model and leave ids on every route, asked by administrators of other tenants (they hold
 * every role and button, so only the tenant stands in the way); tasks acted on by people
 * who neither hold them nor are candidates; roles without the design role or the task
 * buttons; malformed and oversized input, NUL characters, hostile conditions. Each must be
 * refused by its wall with that wall's own status and message, none may answer 500, and the
 * victim's instance must be untouched afterwards. The controls ask the same with the wall
 * out of the way (the victim tenant's approver or administrator): not refused that way.
 */
const F = '/api/bl-flow';

describe('security: approvals attempts', () => {
  let t: TestHost;
  let owner: ApiClient;
  let approver: ApiClient;
  const ids = { task: '', instance: '', definition: '', model: '', leave: '', consignment: '' };

  beforeAll(async () => {
    t = await startTestHost('postgres');
    owner = await t.client().as('100001', 'admin', 'admin');
    approver = await t.client().as('100001', 'approver');
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
    // the second operator's administrator, and a user only that tenant has
    await seedRecords(t.host, '100002', 'role', [
      { roleAlias: 'admin', roleName: 'Administrator' },
      { roleAlias: 'dispatcher', roleName: 'Dispatcher' },
    ]);
    await seedRecords(t.host, '100002', 'user', [
      { account: 'boss', name: 'Boss', roleId: ['admin'], password: 'Pa55word!' },
      { account: 'eli', name: 'Eli', roleId: ['dispatcher'], password: 'Pa55word!' },
    ]);
  }, 300_000);
  afterAll(async () => t?.stop());

  const attempts = async (): Promise<Attempt[]> => {
    const others = [await t.client().as('100002', 'boss', 'Pa55word!'), await t.client().as('000000', 'admin', 'admin')];
    const keeper = await t.client().as('100001', 'keeper');
    const auditor = await t.client().as('100001', 'auditor');
    const dispatcher = await t.client().as('100001', 'dispatcher');
    const list: Attempt[] = [];
    const add = (name: string, run: () => Promise<Answer<unknown>>, refused: Refusal, control?: Attempt['control']) => list.push({ name, run, refused, ...(control ? { control } : {}) });
    const hidden = (key: string, id: string) => refusal('tenant wall', 404, key, { id });
    const taskActions: [string, Record<string, unknown>][] = [
      ['claim-task', {}],
      ['complete-task', { comment: 'x' }],
      ['reject-task', { comment: 'x' }],
      ['delegate-task', { userAccount: 'finance' }],
      ['transfer-task', { userAccount: 'finance' }],
      ['copy-task', { userAccounts: ['finance'] }],
    ];
    const leave = { id: ids.leave, leaveType: 'sick', startTime: '2026-12-01T09:00:00+08:00', endTime: '2026-12-02T18:00:00+08:00', days: 2, reason: 'x', approver: 'approver' };
    // 1. another tenant's ids: not found, whoever asks (both hold every role and button in their own tenant)
    for (const [i, other] of others.entries()) {
      const who = i === 0 ? '100002 admin' : '000000 admin';
      const taskHidden = hidden('flow.errors.taskNotFound', ids.task);
      for (const [action, body] of taskActions) {
        add(`${who}: ${action} on another tenant's task`, () => other.post(`${F}/work/${action}`, { taskId: ids.task, ...body }), taskHidden, action === 'claim-task' && i === 0 ? { run: () => approver.post(`${F}/work/claim-task`, { taskId: ids.task }), mutates: true } : undefined);
      }
      for (const path of ['work/task-detail', 'work/back-nodes']) add(`${who}: ${path}`, () => other.get(`${F}/${path}?taskId=${ids.task}`), taskHidden, { run: () => approver.get(`${F}/${path}?taskId=${ids.task}`) });
      for (const path of ['process/detail', 'process/history-flow-list']) {
        add(`${who}: ${path}`, () => other.get(`${F}/${path}?instanceId=${ids.instance}`), hidden('flow.errors.instanceNotFound', ids.instance), { run: () => owner.get(`${F}/${path}?instanceId=${ids.instance}`) });
      }
      const definitionHidden = hidden('flow.errors.definitionNotFound', ids.definition);
      const modelHidden = hidden('flow.errors.modelNotFound', ids.model);
      add(`${who}: definition detail`, () => other.get(`${F}/manager/detail?id=${ids.definition}`), definitionHidden, { run: () => owner.get(`${F}/manager/detail?id=${ids.definition}`) });
      add(`${who}: model detail`, () => other.get(`${F}/model/detail?id=${ids.model}`), modelHidden, { run: () => owner.get(`${F}/model/detail?id=${ids.model}`) });
      add(`${who}: leave detail`, () => other.get(`${F}/leave/detail?businessId=${ids.leave}`), hidden('leave.errors.notFound', ids.leave), { run: () => owner.get(`${F}/leave/detail?businessId=${ids.leave}`) });
      add(`${who}: resubmit another tenant's leave`, () => other.post(`${F}/leave/start-process`, leave), hidden('leave.errors.notFound', ids.leave), { run: () => dispatcher.post(`${F}/leave/start-process`, leave), ok: notServerError, mutates: true });
      add(`${who}: suspend another tenant's definition`, () => other.post(`${F}/manager/change-state`, { processId: ids.definition, state: 'suspended' }), definitionHidden, {
        run: () => owner.post(`${F}/manager/change-state`, { processId: ids.definition, state: 'active' }),
        ok: notServerError,
        mutates: true,
      });
      add(`${who}: delete another tenant's definition`, () => other.post(`${F}/manager/remove?ids=${ids.definition}`), definitionHidden, { run: () => owner.post(`${F}/manager/remove?ids=${ids.definition}`), ok: notServerError, mutates: true });
      add(`${who}: deploy another tenant's model`, () => other.post(`${F}/model/deploy`, { id: ids.model }), modelHidden, { run: () => owner.post(`${F}/model/deploy`, { id: ids.model }), ok: notServerError, mutates: true });
      add(`${who}: start another tenant's definition`, () => other.post(`${F}/work/start-process`, { processDefinitionId: ids.definition }), definitionHidden, {
        run: () => owner.post(`${F}/work/start-process`, { processDefinitionId: ids.definition }),
        ok: notServerError,
        mutates: true,
      });
      const byBusiness = `${F}/process/by-business?documentType=consignment&businessKey=${ids.consignment}`;
      add(`${who}: instances of another tenant's document`, () => other.get(byBusiness), withheld('tenant wall', ids.instance), { run: () => owner.get(byBusiness) });
      add(`${who}: Tenant-Id header naming the victim`, () => other.get(`${F}/work/task-detail?taskId=${ids.task}`, { 'Tenant-Id': '100001' }), refusal('tenant header check', 403, 'errors.tenantMismatch'), {
        run: () => other.get(`${F}/work/task-detail?taskId=${ids.task}`, { 'Tenant-Id': i === 0 ? '100002' : '000000' }),
        ok: notServerError,
      });
    }
    // 2. the same tenant: a holder of the task buttons who is not the task's candidate; someone without the buttons
    const notCandidate = refusal('candidate check', 403, 'flow.errors.notCandidate');
    for (const [action, body] of taskActions) {
      add(`keeper: ${action} on a task for approvers`, () => keeper.post(`${F}/work/${action}`, { taskId: ids.task, ...body }), notCandidate);
      // the keeper holds the buttons: past the button check, refused as no candidate
      add(`auditor (no task buttons): ${action}`, () => auditor.post(`${F}/work/${action}`, { taskId: ids.task, ...body }), refusal('button check', 403, 'errors.buttonRequired'), {
        run: () => keeper.post(`${F}/work/${action}`, { taskId: ids.task, ...body }),
        ok: notServerError,
      });
    }
    add('keeper: task detail of a task not theirs', () => keeper.get(`${F}/work/task-detail?taskId=${ids.task}`), refusal('candidate check', 403, 'flow.errors.notYourTask'), { run: () => approver.get(`${F}/work/task-detail?taskId=${ids.task}`) });
    // 3. design and configuration without the role
    for (const [path, body] of [
      ['model/submit', { modelKey: 'parallel_check', name: 'P', xml: parallelXml }],
      ['model/deploy', { id: ids.model }],
      ['manager/deploy-upload', { xml: parallelXml }],
      ['manager/change-state', { processId: ids.definition, state: 'suspended' }],
      ['review-config/submit', { documentType: 'consignment', processKey: 'consignment_review', enabled: true }],
    ] as const) {
      for (const [name, who] of [['dispatcher', dispatcher], ['keeper', keeper]] as const) {
        add(`${name}: ${path}`, () => who.post(`${F}/${path}`, body), refusal('role check', 403, 'errors.forbidden'), name === 'dispatcher' ? { run: () => owner.post(`${F}/${path}`, body), ok: notServerError, mutates: true } : undefined);
      }
    }
    // 4. malformed, oversized and hostile input
    const validation = (key: string, vars: Record<string, string | number> = {}) => refusal('validation', 400, key, vars);
    const raw = (path: string, init: RequestInit) => fetch(t.url + path, init).then(async (r) => ({ status: r.status, body: JSON.parse(await r.text()) }) as Answer<unknown>);
    for (const [bad, refused] of [
      ['not-a-uuid', 'invalid'],
      ['', 'required'],
      ["' OR 1=1 --", 'invalid'],
      ['00000000-0000-0000-0000-000000000000', 'missing'],
    ] as const) {
      add(`task id ${JSON.stringify(bad)}`, () => owner.post(`${F}/work/complete-task`, { taskId: bad }), refused === 'missing' ? hidden('flow.errors.taskNotFound', bad) : validation(`validation.${refused}`, { label: 'Task' }));
      add(`instance id ${JSON.stringify(bad)}`, () => owner.get(`${F}/process/detail?instanceId=${encodeURIComponent(bad)}`), refused === 'missing' ? hidden('flow.errors.instanceNotFound', bad) : validation(`validation.${refused}`, { label: 'Process instance' }), {
        run: () => owner.get(`${F}/process/detail?instanceId=${ids.instance}`),
      });
    }
    const asApprover = (action: string, body: Record<string, unknown>) => () => approver.post(`${F}/work/${action}`, { taskId: ids.task, ...body });
    add('comment of 5,000 characters', asApprover('complete-task', { comment: 'x'.repeat(5000) }), validation('validation.tooLong', { label: 'Comment', max: 1000 }));
    add('comment with a NUL character', asApprover('reject-task', { comment: 'a\u0000b' }), validation('validation.malformedBody'));
    add('variables with a NUL character', asApprover('complete-task', { variables: { a: 'x\u0000' } }), validation('validation.malformedBody'));
    add('copy to 500 people', asApprover('copy-task', { userAccounts: Array.from({ length: 500 }, (_, i) => `u${i}`) }), validation('validation.tooMany', { label: 'Copy to', max: 50 }), {
      run: asApprover('copy-task', { userAccounts: ['keeper'] }),
      ok: notServerError,
      mutates: true,
    });
    add('reject to a node never passed', asApprover('reject-task', { comment: 'x', targetNodeKey: 'Task_director' }), refusal('back-node check', 400, 'flow.errors.backNodeInvalid', { node: 'Task_director' }));
    add('delegate to a user of another tenant', asApprover('delegate-task', { userAccount: 'eli' }), refusal('tenant wall', 400, 'flow.errors.userUnknown', { account: 'eli' }), {
      run: asApprover('delegate-task', { userAccount: 'keeper' }),
      ok: notServerError,
      mutates: true,
    });
    const deploy = (xml: string) => () => owner.post(`${F}/manager/deploy-upload`, { xml });
    add('deploy 2 MB of XML', () => raw(`${F}/manager/deploy-upload`, { method: 'POST', headers: owner.headers({ 'Content-Type': 'application/json' }), body: JSON.stringify({ xml: 'x'.repeat(2 * 1024 * 1024) }) }), refusal('body parser', 413, 'errors.payloadTooLarge', { max: '1 MB' }));
    add('deploy XML that is not BPMN', deploy('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'), refusal('diagram check', 400, 'flow.errors.modelInvalid', { count: 1 }), { run: deploy(parallelXml), mutates: true });
    for (const condition of ['process.exit(1)', 'require("child_process")', 'a|eval', '${java.lang.Runtime}', 'constructor.constructor("return process")()']) {
      const xml = parallelXml.replace('<bpmn:sequenceFlow id="f7" sourceRef="Task_final" targetRef="End" />', `<bpmn:sequenceFlow id="f7" sourceRef="Task_final" targetRef="End"><bpmn:conditionExpression>${condition.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')}</bpmn:conditionExpression></bpmn:sequenceFlow>`);
      add(`deploy a condition ${condition}`, deploy(xml), refusal('diagram check', 400, 'flow.errors.modelInvalid', { count: 1 }), { run: deploy(parallelXml), mutates: true });
    }
    // a tenant named in the body is not obeyed: the instance starts in the caller's tenant, unseen by the one named
    const smuggledStart = () => others[0]!.post<{ instanceId: string }>(`${F}/work/start-process`, { processKey: 'leave', tenantId: '100001', variables: { tenantId: '100001' } });
    add(
      'start with a tenantId in the body',
      async () => {
        const started = await smuggledStart();
        return started.status === 200 ? owner.get(`${F}/process/detail?instanceId=${started.body.data.instanceId}`) : started;
      },
      answer('tenant wall', (a) => (a.status === 404 && a.body.msg.startsWith('No such process instance') ? undefined : `the tenant named answered ${a.status} ${a.body.msg}`)),
      {
        run: async () => {
          const started = await smuggledStart();
          return started.status === 200 ? others[0]!.get(`${F}/process/detail?instanceId=${started.body.data.instanceId}`) : started;
        },
        mutates: true,
      },
    );
    add('complete with malformed JSON', () => raw(`${F}/work/complete-task`, { method: 'POST', headers: owner.headers({ 'Content-Type': 'application/json' }), body: '{"taskId":' }), refusal('body parser', 400, 'errors.malformedJson'));
    add('page size 1000', () => owner.get(`${F}/work/todo-list?size=1000`), validation('validation.pageSize', { label: 'Page size' }), { run: () => owner.get(`${F}/work/todo-list?size=50`) });
    return list;
  };

  it('refuses every attempt at its own wall and never answers 500', async () => {
    const list = await attempts();
    const report = await runAttempts(list);
    console.log(summary('approvals security attempts', report, list.filter((a) => a.control).length));
    expect(report.wrong).toEqual([]);
    expect(report.serverErrors).toBe(0);
    expect(list.length).toBeGreaterThanOrEqual(80);

    // the victim's instance is where it was: one open review task, nothing decided
    const detail = data(await owner.get<ProcessDetail>(`${F}/process/detail?instanceId=${ids.instance}`));
    expect(detail.tasks.map((x) => x.taskId)).toEqual([ids.task]);
    expect(detail.history.map((h) => h.type)).toEqual(['started']);
    // the smuggled start landed in the caller's own tenant, not the victim's
    const leaves = data(await owner.get<Page<InstanceRow>>(`${F}/process/list?processKey=leave&size=50`)).records;
    expect(leaves.every((l) => l.initiator === 'dispatcher')).toBe(true);
  });

  it('can fail: with each wall out of the way, the same requests are not refused that way', async () => {
    const { checked, problems } = await runControls(await attempts());
    console.log(`approvals security attempts: ${checked} controls run`);
    expect(checked).toBeGreaterThanOrEqual(40);
    expect(problems).toEqual([]);
  });
});
