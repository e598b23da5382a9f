// The process managers are reached through @nestjs/cqrs's EventBus, and the kit's commands
// through its CommandBus (ADR 0008). A projector reaction made by busReaction publishes each
// stored event and awaits the handlers: a handler's failure fails the reaction (the projector
// keeps its checkpoint only after success); a message nobody handles does nothing.
import 'reflect-metadata';
import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule, EventBus, EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { consignmentDocument, consignmentbill, type CommandResult, type DocumentDef } from '@tpl/contracts';
import { DocumentCommands, DocumentService, RunDocumentCommand, RunDocumentHandler } from '@tpl/documents';
import { StoredEventHandler, StoredEventMessage, busReaction, type StoredEvent } from '@tpl/event-store';
import { NoteEventRead, OrderFollower } from '@tpl/transport';

const TENANT = '100001';
const ORDER = '11111111-1111-4111-8111-111111111111';
const NOTE = '22222222-2222-4222-8222-222222222222';

const stored = (type: string, streamName: string, version = 1): StoredEvent => ({
  streamName,
  version,
  globalPosition: '1',
  type,
  data: {},
  metadata: { tenantId: TENANT, actor: { userId: 'u1', account: 'keeper', name: 'Keeper' }, occurredAt: '2026-01-01T00:00:00.000Z', correlationId: 'c1', causationId: 'x1' },
});

class Heard extends StoredEventMessage {}
class Unheard extends StoredEventMessage {}

/** What the test handler did, and whether it fails. */
const log: { heard: string[]; fail: boolean } = { heard: [], fail: false };

@EventsHandler(Heard)
class HeardHandler extends StoredEventHandler<Heard> implements IEventHandler<Heard> {
  async react(e: StoredEvent): Promise<void> {
    await new Promise((r) => setTimeout(r, 5));
    if (log.fail) throw new Error(`failed on ${e.type}`);
    log.heard.push(e.type);
  }
}

/** The kit's service as the follower and the command handler see it: the order and its one note, in memory. */
const acted: { def: string; id: string; version: number; action: string }[] = [];
const kitDocs: Record<string, Record<string, unknown>> = {
  [ORDER]: { id: ORDER, billNo: 'TY1', state: 'Dispatched', version: 4, removed: false, notes: [{ id: NOTE }] },
  [NOTE]: { id: NOTE, billNo: 'YD1', state: 'Loaded', version: 3, removed: false, orderId: ORDER },
};
@Injectable()
class FakeDocumentService {
  async detail(_def: DocumentDef, _tenantId: string, id: string) {
    return kitDocs[id];
  }
  async act(def: DocumentDef, _ctx: unknown, id: string, version: number, action: string): Promise<CommandResult> {
    acted.push({ def: def.name, id, version, action });
    return { id, billNo: 'TY1', version: version + 1, state: 'x' };
  }
}

@Module({
  imports: [CqrsModule.forRoot()],
  providers: [
    HeardHandler,
    OrderFollower,
    RunDocumentHandler,
    DocumentCommands,
    { provide: DocumentService, useClass: FakeDocumentService },
  ],
})
class TestModule {}

describe('process managers on the EventBus, commands on the CommandBus', () => {
  let app: INestApplicationContext;
  let bus: EventBus;

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    await app.init();
    bus = app.get(EventBus);
  });
  afterAll(() => app.close());
  beforeEach(() => {
    log.heard = [];
    log.fail = false;
    acted.length = 0;
  });

  it('delivers a stored event to its handler through the bus and waits for it', async () => {
    const reaction = busReaction(bus, { name: 'test', message: Heard });
    await reaction.react(stored('SomethingHappened', 'S-1'));
    // awaited: the handler's work is done when react resolves (the projector then keeps its checkpoint)
    expect(log.heard).toEqual(['SomethingHappened']);
  });

  it('fails the reaction when the handler fails (the checkpoint would not move)', async () => {
    log.fail = true;
    const reaction = busReaction(bus, { name: 'test', message: Heard });
    await expect(reaction.react(stored('SomethingHappened', 'S-1'))).rejects.toThrow('failed on SomethingHappened');
  });

  it('does nothing for a message no handler is registered for', async () => {
    const reaction = busReaction(bus, { name: 'nobody', message: Unheard });
    const message = new Unheard(stored('SomethingHappened', 'S-1'));
    bus.publish(message);
    await message.settled();
    expect(message.handlers).toBe(0);
    await reaction.react(stored('SomethingHappened', 'S-2'));
    expect(log.heard).toEqual([]);
    expect(acted).toEqual([]);
  });

  it("reaches transport's order follower through the bus: the order follows its loaded note, through the CommandBus", async () => {
    const reaction = busReaction(bus, { name: 'transport-order-follows-notes', message: NoteEventRead });
    await reaction.react(stored('ConsignmentBillLoaded', `${consignmentbill.streamType}-${TENANT}-${NOTE}`));
    expect(acted.length).toBeGreaterThan(0);
    expect(acted[0]).toMatchObject({ def: consignmentDocument.name, id: ORDER, version: 4 });
    // each step expects the version the previous one left
    acted.slice(1).forEach((a, i) => expect(a.version).toBe(acted[i]!.version + 1));
  });

  it('runs the kit\'s commands through the CommandBus (RunDocumentCommand reaches its handler)', async () => {
    const ctx = { tenantId: TENANT, actor: { userId: 'u1', account: 'a', name: 'A' }, correlationId: 'c', causationId: 'k' };
    const direct = await app.get(CommandBus).execute(new RunDocumentCommand({ kind: 'act', def: consignmentDocument, ctx, id: ORDER, expectedVersion: 7, action: 'audit', fields: {} }));
    expect(direct).toMatchObject({ id: ORDER, version: 8 });
    const typed = await app.get(DocumentCommands).act(consignmentDocument, ctx, ORDER, 8, 'audit', {});
    expect(typed.version).toBe(9);
    expect(acted.map((a) => a.action)).toEqual(['audit', 'audit']);
  });
});
