import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommand, type ICommandHandler } from '@nestjs/cqrs';
import { CONSIGNMENT, type Actor, type Consignment, type ConsignmentContent, type ConsignmentEvent } from '@tpl/contracts';
import { EVENT_STORE, nextSerial, type EventMetadata, type PostgresEventStore } from '@tpl/event-store';
import { SerialCodes } from '@tpl/records';
import { REVIEW_POLICY, type ReviewPolicy } from '@tpl/workflow';
import { decide, evolve, fold, type ConsignmentCommand, type ConsignmentDocState } from './consignment.decider';
import { STREAM_TYPE, streamName, type RecordedConsignmentEvent } from './consignment.events';

export type CommandContext = { tenantId: string; actor: Actor; correlationId: string };
export type ConsignmentCommandResult = { id: string; billNo: string; version: number; state: string };

/** A new draft: its id and bill number are assigned here, never by the caller. */
export class CreateConsignmentDraft implements ICommand {
  constructor(
    readonly content: ConsignmentContent,
    readonly context: CommandContext,
  ) {}
}

/** One command-bus message for every command on an existing order; the decider switches on its type. */
export class ExecuteConsignmentCommand implements ICommand {
  constructor(
    readonly command: Exclude<ConsignmentCommand, { type: 'CreateConsignment' }>,
    readonly context: CommandContext,
  ) {}
}

/** Several removals in one transaction: all of them happen or none. */
export class RemoveConsignments implements ICommand {
  constructor(
    readonly ids: string[],
    readonly context: CommandContext,
  ) {}
}

const BILL_PREFIX = 'TY';
/** the serial code (system administration) that numbers consignment orders */
export const SERIAL_CODE = 'consignment';
/** Bill numbers carry the business day in the operator's time zone. */
const businessDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: process.env.BUSINESS_TZ ?? 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

const resultOf = (doc: Consignment): ConsignmentCommandResult => ({ id: doc.id, billNo: doc.billNo, version: doc.version, state: doc.state });

const metadataFor = (ctx: CommandContext, now: string): EventMetadata => ({
  tenantId: ctx.tenantId,
  actor: ctx.actor,
  occurredAt: now,
  correlationId: ctx.correlationId,
  // the command that caused these events
  causationId: randomUUID(),
});

const existing = (state: ConsignmentDocState): Consignment => {
  if (state.status !== 'existing') throw new Error('expected an existing consignment');
  return state.doc;
};

const record = (state: ConsignmentDocState, events: { type: string; data: unknown }[], meta: EventMetadata, from: number) =>
  events.reduce(
    (s, e, i) => evolve(s, { ...(e as RecordedConsignmentEvent), version: from + i + 1, metadata: meta }),
    state,
  );

@CommandHandler(CreateConsignmentDraft)
export class CreateConsignmentDraftHandler implements ICommandHandler<CreateConsignmentDraft, ConsignmentCommandResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: PostgresEventStore,
    @Inject(SerialCodes) private readonly serials: SerialCodes,
    @Inject(REVIEW_POLICY) private readonly review: ReviewPolicy,
  ) {}

  async execute({ content, context }: CreateConsignmentDraft): Promise<ConsignmentCommandResult> {
    const now = new Date();
    const meta = metadataFor(context, now.toISOString());
    const id = randomUUID();
    const spec = await this.serials.spec(context.tenantId, SERIAL_CODE, BILL_PREFIX);
    // the tenant's review configuration when the order is made decides whether it needs review
    const isReview = await this.review.isReviewFor(context.tenantId, CONSIGNMENT);
    // the serial number is taken in the same transaction as the append: unique and gap-free
    return this.store.withTransaction(async (uow) => {
      const billNo = await nextSerial(uow, context.tenantId, SERIAL_CODE, spec, businessDay(now));
      const events = decide({ type: 'CreateConsignment', data: { id, billNo, content, isReview } }, { status: 'empty' }, { now: meta.occurredAt, actor: context.actor });
      await uow.append(streamName(context.tenantId, id), events, { expectedVersion: 0, metadata: meta, streamType: STREAM_TYPE });
      return resultOf(existing(record({ status: 'empty' }, events, meta, 0)));
    });
  }
}

@CommandHandler(ExecuteConsignmentCommand)
export class ConsignmentCommandHandler implements ICommandHandler<ExecuteConsignmentCommand, ConsignmentCommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: PostgresEventStore) {}

  async execute({ command, context }: ExecuteConsignmentCommand): Promise<ConsignmentCommandResult> {
    const meta = metadataFor(context, new Date().toISOString());
    const stream = streamName(context.tenantId, command.data.id);
    const state = fold((await this.store.readStream(stream)) as unknown as RecordedConsignmentEvent[]);
    const events = decide(command, state, { now: meta.occurredAt, actor: context.actor });
    const before = existing(state);
    if (events.length === 0) return resultOf(before);
    // expected version: the one the decision was made on; a concurrent writer makes this a 409
    await this.store.append(stream, events, { expectedVersion: before.version, metadata: meta, streamType: STREAM_TYPE });
    return resultOf(existing(record(state, events, meta, before.version)));
  }
}

@CommandHandler(RemoveConsignments)
export class RemoveConsignmentsHandler implements ICommandHandler<RemoveConsignments, ConsignmentCommandResult[]> {
  constructor(@Inject(EVENT_STORE) private readonly store: PostgresEventStore) {}

  async execute({ ids, context }: RemoveConsignments): Promise<ConsignmentCommandResult[]> {
    const meta = metadataFor(context, new Date().toISOString());
    const decided: { stream: string; state: ConsignmentDocState; events: ConsignmentEvent[]; expectedVersion: number }[] = [];
    for (const id of [...new Set(ids)]) {
      const stream = streamName(context.tenantId, id);
      const state = fold((await this.store.readStream(stream)) as unknown as RecordedConsignmentEvent[]);
      const expectedVersion = state.status === 'existing' ? state.doc.version : 0;
      const events = decide({ type: 'RemoveConsignment', data: { id, expectedVersion } }, state, { now: meta.occurredAt, actor: context.actor });
      decided.push({ stream, state, events, expectedVersion });
    }
    return this.store.withTransaction(async (uow) => {
      const results: ConsignmentCommandResult[] = [];
      for (const d of decided) {
        await uow.append(d.stream, d.events, { expectedVersion: d.expectedVersion, metadata: meta, streamType: STREAM_TYPE });
        const after = record(d.state, d.events, meta, d.expectedVersion);
        if (after.status === 'existing') results.push(resultOf(after.doc));
      }
      return results;
    });
  }
}
