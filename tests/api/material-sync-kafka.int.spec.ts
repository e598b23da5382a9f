import { randomUUID } from 'node:crypto';
import { MATERIAL_INBOUND_TOPIC, type Page } from '@tpl/contracts';
import { ensureTopics, kafkaClient } from '@tpl/event-store';
import { data, type ApiClient } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';
import { describeWith, kafkaServer, type Server } from '../support/containers';

const M = '/api/bl-basic/material';
const found = kafkaServer();

/** Until `ready` holds; the suite's timeout bounds it (no timed assertion). */
const until = async <T>(read: () => T | Promise<T>, ready: (v: T) => boolean): Promise<T> => {
  for (;;) {
    const v = await read();
    if (ready(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * Material sync through a real broker (KAFKA_BROKERS when given, else one started by
 * testcontainers where Docker is; skipped, with the reason printed, otherwise): the customer's
 * system publishes materials on tpl.inbound.materials, the host keeps them in master data's inbox
 * (a repeated message id once), and the sync dialog's Kafka source previews and takes them.
 */
describeWith(found)('material sync: materials in through Kafka', () => {
  let server: Server;
  let t: TestHost;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await found.server!();
    const brokers = server.address.split(',');
    await ensureTopics(kafkaClient({ brokers, clientId: 'tpl-test' }), [MATERIAL_INBOUND_TOPIC]);
    t = await startTestHost('postgres', '/nonexistent', true, { integration: { kafka: { brokers, clientId: 'tpl-test-host' }, relayPollMs: 50 } });
    admin = await t.client().as('100001', 'admin', 'admin');
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await server?.stop();
  }, 300_000);

  it('keeps each message once, previews the inbox by factory and sync date, and takes it on confirmation', async () => {
    const producer = kafkaClient({ brokers: server.address.split(','), clientId: 'tpl-test-erp' }).producer();
    await producer.connect();
    try {
      const code = `KF${randomUUID().slice(0, 6).toUpperCase()}`;
      const messageId = `ERP-MAT-${randomUUID()}`;
      const value = JSON.stringify([
        { code, name: '卡夫卡饼干', categoryCode: 'SNACK', unitCode: 'CTN', custCode: 'C001', factoryCode: 'F01', syncDate: '2026-11-20' },
        { code: `${code}X`, name: '别厂物料', categoryCode: 'SNACK', unitCode: 'CTN', custCode: 'C001', factoryCode: 'F02' },
      ]);
      const message = { key: messageId, value, headers: { 'message-id': messageId, 'tenant-id': '100001' } };
      await producer.send({ topic: MATERIAL_INBOUND_TOPIC, messages: [message, message] });
      const source = await until(async () => data(await admin.get<{ kafka: boolean; pending: number }>(`${M}/sync-source`)), (s) => s.pending >= 1);
      expect(source).toEqual({ kafka: true, pending: 1 });
      const q = 'syncDate=2026-11-01&factoryCode=F01&source=KAFKA';
      const preview = data(await admin.post<{ source: string; creates: number; skipped: number; rows: { values: { code: string } }[] }>(`${M}/sync?${q}&preview=1`));
      expect(preview).toMatchObject({ source: 'KAFKA', creates: 1, skipped: 1 });
      expect(preview.rows.map((r) => r.values.code)).toEqual([code]);
      expect(data(await admin.post(`${M}/sync?${q}`))).toEqual({ created: 1, updated: 0, skipped: 1 });
      const made = data(await admin.get<Page<Record<string, unknown>>>(`${M}/list?size=10&code=${code}`)).records.find((r) => r.code === code);
      expect(made).toMatchObject({ name: '卡夫卡饼干', factoryCode: 'F01', syncDate: '2026-11-01' });
      // the message also holds F02's material: it waits for F02's sync, which takes it
      expect(data(await admin.get<{ pending: number }>(`${M}/sync-source`)).pending).toBe(1);
      expect(data(await admin.post(`${M}/sync?syncDate=2026-11-01&factoryCode=F02&source=KAFKA`))).toMatchObject({ created: 1 });
      expect(data(await admin.get<{ pending: number }>(`${M}/sync-source`)).pending).toBe(0);
    } finally {
      await producer.disconnect();
    }
  }, 300_000);
});
