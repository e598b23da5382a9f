import type { Consignment, DecisionEntry, DefinitionRow, HistoryEntry, InstanceRow, Leave, Page, ProcessDetail, TaskRow } from '@tpl/contracts';
import { definitionProjection, instanceProjection } from '@tpl/workflow';
import { ApiClient, data } from '../support/api-client';
import { STORES } from '../support/databases';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { flowOf, hostOn, parallelXml } from './flow-support';

const F = '/api/bl-flow';
const C = '/api/bl-transport/consignment';
type Result = { id: string; version: number; state: string; instanceId: string };

describe.each(STORES)('approvals (BPMN engine, tasks, document review) on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;
  let dispatcher: ApiClient;
  let approver: ApiClient;
  let auditor: ApiClient;

  beforeAll(async () => {
    t = await startTestHost(kind);
    admin = await t.client().as('100001', 'admin', 'admin');
    dispatcher = await t.client().as('100001', 'dispatcher');
    approver = await t.client().as('100001', 'approver');
    auditor = await t.client().as('100001', 'auditor');
    // documents made from here on need review
    data(await admin.post(`${F}/review-config/submit`, { documentType: 'consignment', processKey: 'consignment_review', enabled: true }));
  }, 300_000);
  afterAll(async () => t?.stop());

  const drain = () => flowOf(t).drain();
  const submitted = async (overrides: Record<string, unknown> = {}) => {
    const c = data(await dispatcher.post<Result>(`${C}/submit`, consignmentInput(overrides)));
    const s = data(await dispatcher.post<Result>(`${C}/submit-review`, { id: c.id, version: c.version }));
    expect(s.state).toBe('InReview');
    await drain();
    const [instance] = data(await auditor.get<InstanceRow[]>(`${F}/process/by-business?documentType=consignment&businessKey=${c.id}`));
    return { id: c.id, instance: instance! };
  };
  const openTasks = async (instanceId: string) => data(await auditor.get<ProcessDetail>(`${F}/process/detail?instanceId=${instanceId}`)).tasks;
  const doc = async (id: string) => data(await auditor.get<Consignment>(`${C}/detail?id=${id}`));

  it('deploys the samples per tenant; versions, suspend and activate, delete refused while running', async () => {
    const defs = data(await admin.get<Page<DefinitionRow>>(`${F}/manager/list`)).records;
    expect(defs.map((d) => d.key).sort()).toEqual(['consignment_review', 'leave']);
    // another tenant has its own
    const other = await t.client().as('100002', 'dispatcher');
    expect(data(await other.get<Page<DefinitionRow>>(`${F}/manager/list`)).records.every((d) => !defs.some((x) => x.id === d.id))).toBe(true);

    // a model saved and deployed twice: versions 1 and 2 of its key
    const m = data(await admin.post<{ id: string; version: number }>(`${F}/model/submit`, { modelKey: 'parallel_check', name: 'Parallel check', xml: parallelXml }));
    const v1 = data(await admin.post<DefinitionRow>(`${F}/model/deploy`, { id: m.id }));
    const v2 = data(await admin.post<DefinitionRow>(`${F}/model/deploy`, { id: m.id }));
    expect([v1.version, v2.version]).toEqual([1, 2]);
    expect(data(await admin.get<DefinitionRow[]>(`${F}/manager/versions?key=parallel_check`)).map((d) => [d.version, d.latest])).toEqual([[2, true], [1, false]]);

    // suspended: no new instances
    data(await admin.post(`${F}/manager/change-state`, { processId: v2.id, state: 'suspended' }));
    const refused = await dispatcher.post(`${F}/work/start-process`, { processKey: 'parallel_check' });
    expect(refused.status).toBe(409);
    data(await admin.post(`${F}/manager/change-state`, { processId: v2.id, state: 'active' }));
    const started = data(await dispatcher.post<Result>(`${F}/work/start-process`, { processKey: 'parallel_check' }));
    const del = await admin.post(`${F}/manager/remove?ids=${v2.id}`);
    expect(del.status).toBe(409);
    const removed = data(await admin.post<DefinitionRow[]>(`${F}/manager/remove?ids=${v1.id}`));
    expect(removed[0]!.delFlag).toBe(2);
    expect(started.state).toBe('running');

    // only designers deploy
    expect((await dispatcher.post(`${F}/model/deploy`, { id: m.id })).status).toBe(403);
  });

  it('refuses a model with problems, naming them (400 with the problems)', async () => {
    const bad = parallelXml.replace('tpl:assignee="admin"', '').replace('id="f7"', 'id="f7"><bpmn:conditionExpression>days &gt;</bpmn:conditionExpression></bpmn:sequenceFlow><bpmn:sequenceFlow id="x"');
    const r = await admin.post<{ problems: { elementId: string }[] }>(`${F}/manager/deploy-upload`, { xml: bad });
    expect(r.status).toBe(400);
    expect(r.body.data.problems.map((p) => p.elementId)).toEqual(expect.arrayContaining(['Task_ops']));
    const check = data(await admin.post<{ problems: unknown[] }>(`${F}/model/check`, { xml: parallelXml }));
    expect(check.problems).toEqual([]);
  });

  it('reviews a consignment: submit starts the process, the approver approves with a comment, the order is reviewed, the auditor sees it', async () => {
    const c = data(await dispatcher.post<Result>(`${C}/submit`, consignmentInput()));
    expect((await doc(c.id)).isReview).toBe(1);
    // an order that needs review cannot be audited by hand
    const manual = await dispatcher.post(`${C}/audit`, { id: c.id, version: c.version });
    expect(manual.status).toBe(409);
    data(await dispatcher.post(`${C}/submit-review`, { id: c.id, version: c.version }));
    await drain();
    const claimable = data(await approver.get<Page<TaskRow>>(`${F}/work/claim-list?size=50`)).records.find((x) => x.businessKey === c.id);
    expect(claimable).toMatchObject({ taskName: '调度审核', documentType: 'consignment', formKey: 'consignment', initiator: 'dispatcher' });
    data(await approver.post(`${F}/work/claim-task`, { taskId: claimable!.taskId }));
    expect(data(await approver.get<Page<TaskRow>>(`${F}/work/todo-list`)).records.map((x) => x.taskId)).toContain(claimable!.taskId);
    const done = data(await approver.post<Result>(`${F}/work/complete-task`, { taskId: claimable!.taskId, comment: 'Checked: weight and consignee OK' }));
    expect(done.state).toBe('approved');
    await drain();
    const reviewed = await doc(c.id);
    expect(reviewed).toMatchObject({ state: 'Audited', isReview: 2, reviewedBy: { account: 'approver' }, reviewComment: 'Checked: weight and consignee OK' });
    const history = data(await auditor.get<HistoryEntry[]>(`${C}/history?id=${c.id}`));
    expect(history.map((h) => h.type)).toEqual(['ConsignmentCreated', 'ConsignmentSubmittedForReview', 'ConsignmentReviewed']);
    expect(history[2]).toMatchObject({ actor: { account: 'approver' }, data: { comment: 'Checked: weight and consignee OK', approver: { name: '白立安' } } });
    const decisions = data(await auditor.get<DecisionEntry[]>(`${F}/process/history-flow-list?instanceId=${done.instanceId}`));
    expect(decisions.map((d) => d.type)).toEqual(['started', 'claimed', 'approved', 'completed']);
    expect(decisions[2]).toMatchObject({ actor: { account: 'approver' }, comment: 'Checked: weight and consignee OK', nodeKey: 'Task_review' });
    const detail = data(await auditor.get<ProcessDetail>(`${F}/process/detail?instanceId=${done.instanceId}`));
    expect(detail.pathNodeIds).toEqual(['StartEvent_1', 'Task_review', 'Gateway_weight', 'EndEvent_1']);
    expect(detail.takenFlowIds).toEqual(['Flow_start', 'Flow_reviewed', 'Flow_light']);
    expect(detail.activeNodeIds).toEqual([]);
    expect(data(await approver.get<Page<TaskRow>>(`${F}/work/done-list`)).records[0]).toMatchObject({ taskId: claimable!.taskId, decision: 'approve' });
    expect(data(await dispatcher.get<Page<InstanceRow>>(`${F}/work/send-list`)).records.some((i) => i.instanceId === done.instanceId)).toBe(true);
    // the process manager may see the same events again: nothing changes
    await drain();
    expect((await doc(c.id)).version).toBe(reviewed.version);
  });

  it('rejects back to the start with a required comment: the order returns to Draft with it', async () => {
    const { id, instance } = await submitted();
    const [task] = await openTasks(instance.instanceId);
    const noComment = await approver.post(`${F}/work/reject-task`, { taskId: task!.taskId });
    expect(noComment.status).toBe(400);
    expect(noComment.body.msg).toBe('Please input Comment');
    const nodes = data(await approver.get<{ nodeKey: string }[]>(`${F}/work/back-nodes?taskId=${task!.taskId}`));
    expect(nodes.map((n) => n.nodeKey)).toEqual(['__start__']);
    expect(data(await approver.post<Result>(`${F}/work/reject-task`, { taskId: task!.taskId, comment: 'Consignee phone is wrong' })).state).toBe('rejected');
    await drain();
    expect(await doc(id)).toMatchObject({ state: 'Draft', isReview: 1, reviewComment: 'Consignee phone is wrong' });
    // corrected and submitted again: a new review instance
    const again = await doc(id);
    data(await dispatcher.post(`${C}/submit-review`, { id, version: again.version }));
    await drain();
    expect(data(await auditor.get<InstanceRow[]>(`${F}/process/by-business?documentType=consignment&businessKey=${id}`)).map((i) => i.state)).toEqual(['running', 'rejected']);
  });

  it('exclusive gateway over the document fields: a heavy load goes on to the director (admin), and only a candidate may act', async () => {
    const heavy = consignmentInput({ lines: [{ materialCode: 'M0007', name: 'Steel coil', qty: 2, weg: 12000, volume: 3, packages: 2 }] });
    const { id, instance } = await submitted(heavy);
    const [review] = await openTasks(instance.instanceId);
    data(await approver.post(`${F}/work/complete-task`, { taskId: review!.taskId, comment: 'ok' }));
    const [director] = await openTasks(instance.instanceId);
    expect(director).toMatchObject({ nodeKey: 'Task_director', candidateRoles: ['admin'] });
    expect((await approver.post(`${F}/work/complete-task`, { taskId: director!.taskId })).status).toBe(403);
    expect((await approver.get(`${F}/work/task-detail?taskId=${director!.taskId}`)).status).toBe(403);
    // another tenant cannot even see it
    const other = await t.client().as('100002', 'dispatcher');
    expect((await other.post(`${F}/work/complete-task`, { taskId: director!.taskId })).status).toBe(404);
    data(await admin.post(`${F}/work/complete-task`, { taskId: director!.taskId, comment: 'Heavy load approved' }));
    await drain();
    expect(await doc(id)).toMatchObject({ state: 'Audited', isReview: 2, reviewedBy: { account: 'admin' }, reviewComment: 'Heavy load approved' });
  });

  it('two approvers acting at once: one wins, the other gets 409', async () => {
    const { instance } = await submitted();
    const [task] = await openTasks(instance.instanceId);
    const second = await t.client().as('100001', 'admin', 'admin');
    const answers = await Promise.all([approver.post(`${F}/work/complete-task`, { taskId: task!.taskId, comment: 'a' }), second.post(`${F}/work/complete-task`, { taskId: task!.taskId, comment: 'b' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const decisions = data(await auditor.get<DecisionEntry[]>(`${F}/process/history-flow-list?instanceId=${instance.instanceId}`));
    expect(decisions.filter((d) => d.type === 'approved')).toHaveLength(1);
  });

  it('delegates (the delegate acts, the task returns to its owner), transfers and copies', async () => {
    const { instance } = await submitted();
    const [task] = await openTasks(instance.instanceId);
    const id = task!.taskId;
    expect((await approver.post(`${F}/work/delegate-task`, { taskId: id, userAccount: 'approver' })).status).toBe(400);
    expect((await approver.post(`${F}/work/delegate-task`, { taskId: id, userAccount: 'nobody' })).status).toBe(400);
    data(await approver.post(`${F}/work/delegate-task`, { taskId: id, userAccount: 'admin', comment: 'please check the rates' }));
    expect(data(await admin.get<TaskRow>(`${F}/work/task-detail?taskId=${id}`))).toMatchObject({ assignee: 'admin', owner: 'approver', delegationState: 'PENDING' });
    expect((await approver.post(`${F}/work/complete-task`, { taskId: id })).status).toBe(409);
    data(await admin.post(`${F}/work/complete-task`, { taskId: id, comment: 'rates fine' }));
    const back = data(await approver.get<TaskRow>(`${F}/work/task-detail?taskId=${id}`));
    expect(back).toMatchObject({ assignee: 'approver', delegationState: 'RESOLVED', status: 'open' });
    data(await approver.post(`${F}/work/copy-task`, { taskId: id, userAccounts: ['auditor'], comment: 'for your records' }));
    const copies = data(await auditor.get<Page<{ taskId: string; originatorId: string; processName: string }>>(`${F}/work/copy-list`)).records;
    expect(copies[0]).toMatchObject({ taskId: id, originatorId: 'approver', processName: '托运单审批' });
    data(await approver.post(`${F}/work/transfer-task`, { taskId: id, userAccount: 'admin', comment: 'you decide' }));
    expect((await approver.post(`${F}/work/complete-task`, { taskId: id })).status).toBe(403);
    data(await admin.post(`${F}/work/complete-task`, { taskId: id, comment: 'approved' }));
    const decisions = data(await auditor.get<DecisionEntry[]>(`${F}/process/history-flow-list?instanceId=${instance.instanceId}`));
    expect(decisions.map((d) => d.type)).toEqual(['started', 'claimed', 'delegated', 'resolved', 'copied', 'transferred', 'approved', 'completed']);
  });

  it('parallel gateway, and rejecting to an earlier node rewinds the instance to when that node was entered', async () => {
    const started = data(await dispatcher.post<Result>(`${F}/work/start-process`, { processKey: 'parallel_check', variables: { amount: 10 } }));
    let tasks = await openTasks(started.instanceId);
    expect(tasks.map((x) => x.nodeKey).sort()).toEqual(['Task_finance', 'Task_ops']);
    const finance = tasks.find((x) => x.nodeKey === 'Task_finance')!;
    data(await approver.post(`${F}/work/complete-task`, { taskId: finance.taskId }));
    expect((await openTasks(started.instanceId)).map((x) => x.nodeKey)).toEqual(['Task_ops']);
    data(await admin.post(`${F}/work/complete-task`, { taskId: tasks.find((x) => x.nodeKey === 'Task_ops')!.taskId }));
    tasks = await openTasks(started.instanceId);
    expect(tasks).toEqual([expect.objectContaining({ nodeKey: 'Task_final', assignee: 'dispatcher' })]);
    const back = data(await dispatcher.get<{ nodeKey: string }[]>(`${F}/work/back-nodes?taskId=${tasks[0]!.taskId}`)).map((n) => n.nodeKey);
    expect(back).toEqual(['__start__', 'Task_finance', 'Task_ops']);
    expect((await dispatcher.post(`${F}/work/reject-task`, { taskId: tasks[0]!.taskId, comment: 'x', targetNodeKey: 'Task_nowhere' })).status).toBe(400);
    data(await dispatcher.post(`${F}/work/reject-task`, { taskId: tasks[0]!.taskId, comment: 'finance figures missing', targetNodeKey: 'Task_finance' }));
    // the state saved when Task_finance was entered: both branches open again
    tasks = await openTasks(started.instanceId);
    expect(tasks.map((x) => x.nodeKey).sort()).toEqual(['Task_finance', 'Task_ops']);
    for (const task of tasks) data(await (task.nodeKey === 'Task_ops' ? admin : approver).post(`${F}/work/complete-task`, { taskId: task.taskId }));
    const [final] = await openTasks(started.instanceId);
    expect(data(await dispatcher.post<Result>(`${F}/work/complete-task`, { taskId: final!.taskId })).state).toBe('approved');
    const detail = data(await auditor.get<ProcessDetail>(`${F}/process/detail?instanceId=${started.instanceId}`));
    expect(detail.instance.state).toBe('approved');
    expect(detail.history.filter((h) => h.type === 'rejected')).toEqual([expect.objectContaining({ toNode: 'Task_finance', comment: 'finance figures missing' })]);
  });

  it('the leave sample: manager approval, then HR above 3 days', async () => {
    const body = { leaveType: 'annual', startTime: '2026-12-01T09:00:00+08:00', endTime: '2026-12-06T18:00:00+08:00', days: 5, reason: 'Family visit', approver: 'approver' };
    expect((await dispatcher.post(`${F}/leave/start-process`, { ...body, days: 0 })).status).toBe(400);
    const leave = data(await dispatcher.post<Result>(`${F}/leave/start-process`, body));
    await drain();
    const mine = data(await approver.get<Page<TaskRow>>(`${F}/work/todo-list?size=50`)).records.find((x) => x.instanceId === leave.instanceId);
    expect(mine).toMatchObject({ taskName: '主管审批', assignee: 'approver', formKey: 'leave' });
    data(await approver.post(`${F}/work/complete-task`, { taskId: mine!.taskId, comment: 'enjoy' }));
    const [hr] = await openTasks(leave.instanceId);
    expect(hr).toMatchObject({ nodeKey: 'Task_hr' });
    data(await admin.post(`${F}/work/complete-task`, { taskId: hr!.taskId }));
    await drain();
    expect(data(await dispatcher.get<Leave>(`${F}/leave/detail?businessId=${leave.id}`))).toMatchObject({ state: 'Approved', days: 5 });
  });

  it('read models rebuilt from zero equal the live ones', async () => {
    const pool = t.host.storage.db.pool;
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of ['wf_definitions', 'wf_models', 'wf_review_config', 'wf_instances', 'wf_tasks', 'wf_copies', 'wf_timers']) {
        out[table] = (await pool.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3`)).rows;
      }
      return out;
    };
    const live = await snapshot();
    await t.host.storage.store.rebuild(definitionProjection);
    await t.host.storage.store.rebuild(instanceProjection);
    expect(await snapshot()).toEqual(live);
  });
});

describe.each(STORES)('a host restart mid-process on %s store', (kind) => {
  it('resumes every instance where it was; timers survive and escalate', async () => {
    let t = await startTestHost(kind);
    const db = t.db;
    try {
      const admin = await t.client().as('100001', 'admin', 'admin');
      data(await admin.post(`${F}/review-config/submit`, { documentType: 'consignment', processKey: 'consignment_review', enabled: true }));
      const dispatcher = await t.client().as('100001', 'dispatcher');
      const make = async () => {
        const c = data(await dispatcher.post<Result>(`${C}/submit`, consignmentInput()));
        data(await dispatcher.post(`${C}/submit-review`, { id: c.id, version: c.version }));
        return c.id;
      };
      const first = await make();
      const second = await make();
      await flowOf(t).drain();
      await t.host.close();

      t = await hostOn(db);
      const approver = await t.client().as('100001', 'approver');
      const admin2 = await t.client().as('100001', 'admin', 'admin');
      const instanceOf = async (id: string) => data(await approver.get<InstanceRow[]>(`${F}/process/by-business?documentType=consignment&businessKey=${id}`))[0]!;
      // the first is approved after the restart
      const i1 = await instanceOf(first);
      const [task] = data(await approver.get<ProcessDetail>(`${F}/process/detail?instanceId=${i1.instanceId}`)).tasks;
      data(await approver.post(`${F}/work/complete-task`, { taskId: task!.taskId, comment: 'after restart' }));
      // the second waits: 25 hours later its timer escalates it to the admin
      const { clock, timers, drain } = flowOf(t);
      expect(await timers.runOnce()).toBe(0);
      clock.advance(25 * 3_600_000);
      expect(await timers.runOnce()).toBeGreaterThanOrEqual(1);
      const i2 = await instanceOf(second);
      const detail = data(await approver.get<ProcessDetail>(`${F}/process/detail?instanceId=${i2.instanceId}`));
      expect(detail.activeNodeIds).toEqual(['Task_escalated']);
      expect(detail.history.map((h) => h.type)).toEqual(['started', 'escalated']);
      data(await admin2.post(`${F}/work/complete-task`, { taskId: detail.tasks[0]!.taskId, comment: 'escalated and approved' }));
      await drain();
      for (const id of [first, second]) expect(data(await approver.get<Consignment>(`${C}/detail?id=${id}`))).toMatchObject({ state: 'Audited', isReview: 2 });
    } finally {
      await t.host.close().catch(() => undefined);
      await db.drop();
    }
  });
});
