import { startHost } from '@tpl/host';
import { FlowClock, ReviewProcessManager, TimerPoller } from '@tpl/workflow';
import { ApiClient } from '../support/api-client';
import type { TestDatabase } from '../support/databases';
import type { TestHost } from '../support/host';

/** A host on an existing database (for restart tests): the same database, a new process state. */
export const hostOn = async (db: TestDatabase): Promise<TestHost> => {
  const host = await startHost(
    { port: 0, host: '127.0.0.1', databaseUrl: db.databaseUrl, dataDir: db.dataDir, webDist: '/nonexistent', seedDemo: true, seedSamples: false },
    { logLevels: ['error'] },
  );
  return { host, db, url: host.url, client: () => new ApiClient(host.url), stop: async () => host.close() };
};

export const flowOf = (t: TestHost) => ({
  /** runs the review process manager until it has seen every event */
  drain: () => t.host.app.get(ReviewProcessManager).drain(),
  clock: t.host.app.get(FlowClock),
  timers: t.host.app.get(TimerPoller),
});

/** A process with a parallel split and join, then a final check: for gateways and reject-to-node. */
export const parallelXml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:tpl="http://tpl-console.dev/schema/bpmn/1.0" id="D_par" targetNamespace="http://tpl-console.dev/bpmn">
  <bpmn:process id="parallel_check" name="Parallel check" isExecutable="true">
    <bpmn:startEvent id="Start" name="Start" />
    <bpmn:parallelGateway id="Split" />
    <bpmn:userTask id="Task_finance" name="Finance check" tpl:candidateRoles="approver" />
    <bpmn:userTask id="Task_ops" name="Operations check" tpl:assignee="admin" />
    <bpmn:parallelGateway id="Join" />
    <bpmn:userTask id="Task_final" name="Final sign-off" tpl:assignee="\${initiator}" />
    <bpmn:endEvent id="End" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Split" />
    <bpmn:sequenceFlow id="f2" sourceRef="Split" targetRef="Task_finance" />
    <bpmn:sequenceFlow id="f3" sourceRef="Split" targetRef="Task_ops" />
    <bpmn:sequenceFlow id="f4" sourceRef="Task_finance" targetRef="Join" />
    <bpmn:sequenceFlow id="f5" sourceRef="Task_ops" targetRef="Join" />
    <bpmn:sequenceFlow id="f6" sourceRef="Join" targetRef="Task_final" />
    <bpmn:sequenceFlow id="f7" sourceRef="Task_final" targetRef="End" />
  </bpmn:process>
</bpmn:definitions>`;
