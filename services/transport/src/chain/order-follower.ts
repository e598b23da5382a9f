import { Inject, Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { AppError, consignmentDocument as consignment, consignmentbill, type Actor } from '@tpl/contracts';
import { DocumentCommands, DocumentService, type DocumentContext } from '@tpl/documents';
import { StoredEventHandler, StoredEventMessage, runInTenant, type StoredEvent } from '@tpl/event-store';
import { decideOrderFollows } from '@tpl/workflows';
import type { Note } from './decisions';
import { liveDoc } from './live-doc';

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** A consignment note's event as the order follower hears it on the EventBus (its reaction on the projector publishes it). */
export class NoteEventRead extends StoredEventMessage {}

/**
 * The process manager that has an order follow its notes (workflows' decideOrderFollows): on
 * each note event it reads the note, its order and the order's other notes, and sends the order
 * the steps they call for, through the CommandBus. Every step expects the order's version, so a
 * repeat (at least once) or a race with another host finds it moved (409) and stops.
 */
@EventsHandler(NoteEventRead)
export class OrderFollower extends StoredEventHandler<NoteEventRead> implements IEventHandler<NoteEventRead> {
  private readonly logger = new Logger('OrderFollower');

  constructor(
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(DocumentCommands) private readonly commands: DocumentCommands,
  ) {
    super();
  }

  async react(e: StoredEvent): Promise<void> {
    const tenantId = e.metadata.tenantId;
    await runInTenant(tenantId, async () => {
      const note = await liveDoc(this.documents, consignmentbill, tenantId, e.streamName.slice(-36));
      const orderId = str(note?.orderId);
      if (!note || !orderId) return;
      const order = await liveDoc(this.documents, consignment, tenantId, orderId);
      if (!order) return;
      const notes: Note[] = [];
      for (const n of ((order.notes as { id: string }[] | undefined) ?? [])) {
        const d = await liveDoc(this.documents, consignmentbill, tenantId, n.id);
        if (d) notes.push(d);
      }
      const steps = decideOrderFollows(order.state, notes.map((n) => n.state));
      const ctx: DocumentContext = { tenantId, actor: e.metadata.actor as Actor, correlationId: e.metadata.correlationId, causationId: e.id ?? `${e.streamName}@${e.version}` };
      let version = order.version;
      const last = (k: string) => notes.map((n) => str(n[k])).filter(Boolean).sort().pop();
      for (const step of steps) {
        const fields: Record<string, unknown> =
          step === 'followArrived' ? { arrivedAt: last('arrivedAt') }
          : step === 'followSigned' ? { signer: notes.map((n) => str(n.signer)).filter(Boolean).join(', ').slice(0, 50), signedAt: last('signedAt') }
          : {};
        try {
          version = (await this.commands.act(consignment, ctx, order.id, version, step, fields)).version;
        } catch (err) {
          // someone (another host's reaction) moved the order meanwhile: the next note event settles it
          if (err instanceof AppError && err.code === 409) {
            this.logger.warn(`order ${order.billNo} did not follow ${step}: ${err.key}`);
            return;
          }
          throw err;
        }
      }
    });
  }
}
