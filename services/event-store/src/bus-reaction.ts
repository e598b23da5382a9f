import type { Reaction } from './projector';
import type { StoredEvent } from './port';

/**
 * A stored event as a process manager hears it on an event bus (@nestjs/cqrs's EventBus): one
 * class per process manager (the bus routes by class), made by that manager's reaction on the
 * projector (busReaction). A handler hands its work to `track`; the reaction waits for every
 * tracked work before the projector keeps its checkpoint, so a failed handler fails the batch
 * and the event is handled again (at least once), as a reaction's own work did before the bus.
 */
export abstract class StoredEventMessage {
  private readonly work: Promise<unknown>[] = [];
  constructor(readonly event: StoredEvent) {}

  /** A handler's work on this event: the projector keeps its checkpoint only once it has succeeded. */
  track(work: Promise<unknown>): void {
    // caught here too, so a rejection is never reported as unhandled before `settled` awaits it
    work.catch(() => undefined);
    this.work.push(work);
  }

  /** How many handlers took the event (0: nobody listens; nothing happens). */
  get handlers(): number {
    return this.work.length;
  }

  /** Every handler's work done; the first failure rejects. */
  async settled(): Promise<void> {
    await Promise.all(this.work);
  }
}

/**
 * What a process manager's handler does with its message: `react` on the stored event, the work
 * tracked on the message. Implement `react`; `handle` is the bus's entry (IEventHandler.handle).
 */
export abstract class StoredEventHandler<M extends StoredEventMessage> {
  handle(message: M): void {
    message.track(this.react(message.event));
  }

  abstract react(event: StoredEvent): Promise<void>;
}

/** The bus a reaction publishes on (@nestjs/cqrs's EventBus is one; the event store does not import it). */
export type MessageBus = { publish(message: object): unknown };

/**
 * A reaction on the projector that delivers each event it reads to the process managers
 * subscribed on the bus for `message` (@EventsHandler(message)), and awaits them: the
 * projector keeps the checkpoint only after every handler's work has succeeded.
 */
export const busReaction = (
  bus: MessageBus,
  reaction: Omit<Reaction, 'react'> & { message: new (event: StoredEvent) => StoredEventMessage },
): Reaction => {
  const { message: Message, ...rest } = reaction;
  return {
    ...rest,
    react: async (event) => {
      const message = new Message(event);
      // the default publisher calls each static handler's `handle` at once, in publish
      bus.publish(message);
      await message.settled();
    },
  };
};
