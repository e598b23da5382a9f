// What @nestjs/cqrs's CommandBus costs per command (ADR 0008): the kit's RunDocumentCommand sent
// through CommandBus.execute to its handler (RunDocumentHandler) and on to the document service,
// beside the same call made on the service directly. The service here is a stand-in that answers
// at once, so the figures are the bus's own overhead, not a command's (an HTTP change is about
// 3 ms of host CPU: tests/bench/http.mjs). Needs the services built (npx tsc -b).
// Usage: node tests/bench/command-bus.mjs [commands=200000]
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
const require = createRequire(import.meta.url);
require('reflect-metadata');
const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { CqrsModule } = require('@nestjs/cqrs');
const { consignmentDocument } = require('@tpl/contracts');
const { DocumentCommands, DocumentService, RunDocumentHandler } = require('@tpl/documents');

const n = Number(process.argv[2] ?? 200_000);
const result = { id: 'x', billNo: 'TY1', version: 2, state: 'Draft' };
// the service's act, answering at once (an async method, as the real one)
const service = { act: async () => result };

class BenchModule {}
Module({
  imports: [CqrsModule.forRoot()],
  providers: [RunDocumentHandler, DocumentCommands, { provide: DocumentService, useValue: service }],
})(BenchModule);

const app = await NestFactory.createApplicationContext(BenchModule, { logger: false });
await app.init();
const commands = app.get(DocumentCommands);
const ctx = { tenantId: '100001', actor: { userId: 'u', account: 'a', name: 'A' }, correlationId: 'c', causationId: 'k' };

const time = async (label, one) => {
  for (let i = 0; i < 20_000; i++) await one(); // warm up
  const runs = [];
  const cpu = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i++) await one();
    const c = process.cpuUsage(c0);
    runs.push(((performance.now() - t0) * 1e6) / n);
    cpu.push(((c.user + c.system) * 1e3) / n);
  }
  runs.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  // on a shared machine the wall clock counts other processes' turns too: CPU time is this process's own
  return { path: label, nsPerCommand: Math.round(runs[2]), best: Math.round(runs[0]), cpuNsPerCommand: Math.round(cpu[2]) };
};

const direct = await time('DocumentService.act (direct)', () => service.act(consignmentDocument, ctx, 'x', 1, 'audit', {}));
const bus = await time('DocumentCommands.act -> CommandBus.execute -> RunDocumentHandler', () => commands.act(consignmentDocument, ctx, 'x', 1, 'audit', {}));
console.table([direct, bus]);
const extra = bus.nsPerCommand - direct.nsPerCommand;
const extraCpu = bus.cpuNsPerCommand - direct.cpuNsPerCommand;
console.log(`CommandBus: ${bus.nsPerCommand} ns vs ${direct.nsPerCommand} ns direct per command, wall clock (median of 5 runs of ${n}): +${(extra / 1000).toFixed(2)} µs per command, ${((extra / 3e6) * 100).toFixed(3)}% of a 3 ms HTTP change`);
console.log(`CommandBus: ${bus.cpuNsPerCommand} ns vs ${direct.cpuNsPerCommand} ns direct per command, CPU time: +${(extraCpu / 1000).toFixed(2)} µs per command, ${((extraCpu / 3e6) * 100).toFixed(3)}% of a 3 ms HTTP change`);
await app.close();
