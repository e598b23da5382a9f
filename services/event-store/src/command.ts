import type { AppendResult, AppendWatch, EventMetadata, EventStorePort, NewEvent, Statement, StoredEvent, UnitOfWork } from './port';
import { SerialFirstError, withSerial, type SerialTake } from './serial';

/**
 * The one way a context changes a stream: read it, fold it, decide, append with the version
 * the decision was made on. A concurrent writer makes the append stale (409) and nothing is
 * written. Contexts never write this loop by hand.
 */
export type Fold<S> = { initial: () => S; evolve: (state: S, event: StoredEvent) => S };

export type CommandRun<S> = {
  stream: string;
  streamType: string;
  fold: Fold<S>;
  /** decide on the folded state and the stream's version; [] records nothing */
  decide: (state: S, version: number) => NewEvent[] | Promise<NewEvent[]>;
  metadata: EventMetadata;
  /** read-model statements from the state after the new events, run in the append's transaction */
  also?: (after: S, events: StoredEvent[]) => Statement[];
  /**
   * The stream is new (an id just made by the server): it is not read, the decision is made on
   * the empty state, and the append still expects version 0, so a stream that does exist
   * after all makes it stale (409) and nothing is written. Saves a round trip per create.
   */
  fresh?: boolean;
  /**
   * Asked once the new events and `also` are known: whether this append ends the caller's
   * unit of work, so its COMMIT may travel with it (AppendOptions.commit).
   */
  last?: () => boolean;
  /**
   * The stream as this host last wrote it (a state folded here and its version), used instead of
   * reading it: only when it is the version the command expects, so the append's version check
   * still refuses (409) if anyone wrote since. Owned by this run (evolve may change it in place).
   */
  known?: { state: S; version: number };
  /**
   * A serial number the append takes in its own statement (stores with `takesSerials`): decided
   * with its placeholder, which the outcome's state and events then hold the number for.
   */
  serial?: SerialTake;
};

export type CommandOutcome<S> = {
  /** the state after the new events */
  state: S;
  /** the stream version after the new events */
  version: number;
  /** the new events as they were stored (version and metadata filled in) */
  events: StoredEvent[];
  append?: AppendResult;
};

const foldAll = <S>(fold: Fold<S>, events: StoredEvent[], from = fold.initial()) => events.reduce(fold.evolve, from);

/** A stream's state and version, as a command decides on them. */
export type Folded<S> = { state: S; version: number };

/** What a proposal is made of: the stream it writes and how its events are folded and stamped. */
export type ProposalOf<S> = Pick<CommandRun<S>, 'stream' | 'streamType' | 'fold' | 'metadata'>;

/**
 * A decision not yet written: the state and version it was made on, the events it decided and
 * the state after them. No events: nothing to write (the state after is the state before).
 */
export type Proposal<S> = {
  stream: string;
  streamType: string;
  metadata: EventMetadata;
  /** the state the decision was made on */
  before: S;
  /** the stream version the decision was made on: the append's expected version */
  version: number;
  /** the new events as decided */
  decided: NewEvent[];
  /** the new events as they will be stored (version and metadata filled in; global positions once appended) */
  events: StoredEvent[];
  /** the state after the new events */
  state: S;
};

/** What an append of a proposal came to: written (the outcome), or refused before anything was written because its serial number must be taken first. */
export type Appended<S> = ({ kind: 'appended' } & CommandOutcome<S>) | { kind: 'serial-first' };

/** The stream as a command decides on it: as this host last wrote it (`known`), empty (`fresh`), or read and folded. */
export const current = async <S>(target: Pick<EventStorePort | UnitOfWork, 'readStream'>, run: Pick<CommandRun<S>, 'stream' | 'fold' | 'fresh' | 'known'>): Promise<Folded<S>> => {
  if (run.known) return run.known;
  const past = run.fresh ? [] : await target.readStream(run.stream);
  return { state: foldAll(run.fold, past), version: past.length ? past[past.length - 1]!.version : 0 };
};

/** The events decided on a state, as a proposal: stamped with their versions and metadata, folded into the state after. */
export const proposalOf = <S>(of: ProposalOf<S>, at: Folded<S>, decided: NewEvent[]): Proposal<S> => {
  const events: StoredEvent[] = decided.map((e, i) => ({
    streamName: of.stream,
    version: at.version + i + 1,
    globalPosition: '',
    type: e.type,
    data: e.data,
    metadata: of.metadata,
  }));
  const state = events.length ? foldAll(of.fold, events, at.state) : at.state;
  return { stream: of.stream, streamType: of.streamType, metadata: of.metadata, before: at.state, version: at.version, decided, events, state };
};

/** Read, fold, decide: the proposal a command makes, nothing written. */
export const propose = async <S>(target: EventStorePort | UnitOfWork, run: CommandRun<S>): Promise<Proposal<S>> => {
  const at = await current(target, run);
  return proposalOf(run, at, await run.decide(at.state, at.version));
};

/**
 * Appends a proposal with the version it was decided on (a concurrent writer makes it stale:
 * 409, nothing written), `also` in the same transaction. A proposal with no events writes
 * nothing. A store that cannot take `serial` in the append's own statement refuses before
 * writing anything: answered as a value (`serial-first`), the caller's unit of work goes on.
 */
export const appendProposal = async <S>(
  target: EventStorePort | UnitOfWork,
  p: Proposal<S>,
  options: { also?: Statement[]; commit?: boolean; serial?: SerialTake } = {},
): Promise<Appended<S>> => {
  if (p.decided.length === 0) return { kind: 'appended', state: p.state, version: p.version, events: [] };
  const { also = [], commit = false, serial } = options;
  let append: AppendResult;
  try {
    append = await target.append(p.stream, p.decided, {
      expectedVersion: p.version,
      metadata: p.metadata,
      streamType: p.streamType,
      ...(also.length ? { also } : {}),
      ...(commit ? { commit: true } : {}),
      ...(serial ? { serial } : {}),
    });
  } catch (err) {
    if (serial && err instanceof SerialFirstError) return { kind: 'serial-first' };
    throw err;
  }
  const events = p.events;
  events.forEach((e, i) => (e.globalPosition = append.globalPositions[i] ?? ''));
  const version = p.version + p.decided.length;
  if (serial && append.serial !== undefined) {
    const { placeholder } = serial;
    const taken = append.serial;
    events.forEach((e) => (e.data = withSerial(e.data, placeholder, taken)));
    return { kind: 'appended', state: withSerial(p.state, placeholder, taken), version, events, append };
  }
  return { kind: 'appended', state: p.state, version, events, append };
};

/** Read, fold, decide, append: in the given unit of work (a transaction), or on its own. */
export const runCommand = async <S>(target: EventStorePort | UnitOfWork, run: CommandRun<S>): Promise<CommandOutcome<S>> => {
  const p = await propose(target, run);
  const appended = await appendProposal(target, p, {
    ...(p.decided.length && run.also ? { also: run.also(p.state, p.events) } : {}),
    commit: p.decided.length > 0 && (run.last?.() ?? false),
    ...(run.serial ? { serial: run.serial } : {}),
  });
  if (appended.kind === 'serial-first') throw new SerialFirstError();
  const { kind: _kind, ...outcome } = appended;
  return outcome;
};

/** A stream folded, up to a version when given (the auditor's "as of"). */
export const loadStream = async <S>(store: EventStorePort | UnitOfWork, stream: string, fold: Fold<S>, toVersion?: number) => {
  const events = await store.readStream(stream, toVersion === undefined ? {} : { toVersion });
  return { state: foldAll(fold, events), events, version: events.length ? events[events.length - 1]!.version : 0 };
};

/**
 * Streams as a reader last folded them (the newest `max`, least recently read first out): a
 * read asks only for the events after the version it holds and folds those, so a document edited
 * a hundred times costs one short read, not a hundred events parsed and folded. Events are never
 * changed once written, so a state folded from committed events stays true; whatever was
 * appended since, by this host or another, is read and folded on top.
 *
 * On a store that is the one writer of its database (EventStorePort.appends: the embedded
 * store), a fold is also held whole when its read began with no append unsettled and none began
 * during it: that read saw every event there is. Until an append to its stream begins, a whole
 * fold is answered without reading (the embedded database's one connection is the product's
 * narrowest point). Any other read leaves the fold not whole, and the next read reads.
 *
 * Only reads outside a transaction belong here (a transaction sees its own uncommitted events).
 * Every state handed out is a copy: the cache's own are never seen, so no caller can change them.
 */
export class FoldedStreams {
  private readonly entries = new Map<string, { state: unknown; version: number; whole: boolean }>();
  /** the one store whose appends this reader listens to (a reader reads one store) */
  private watched: AppendWatch | undefined;
  constructor(
    private readonly max = 2_000,
    private readonly copy: <S>(state: S) => S = structuredClone,
  ) {}

  /** The stream now: its state and version (version 0 and the initial state when it has no event). */
  async load<S>(store: Pick<EventStorePort, 'readStream' | 'appends'>, stream: string, fold: Fold<S>): Promise<{ state: S; version: number }> {
    const watch = this.watch(store);
    const held = this.entries.get(stream) as { state: S; version: number; whole: boolean } | undefined;
    if (held?.whole && watch) {
      this.touch(stream, held);
      return { state: this.copy(held.state), version: held.version };
    }
    const begun = watch && watch.unsettled === 0 ? watch.begun : undefined;
    const events = await store.readStream(stream, held ? { fromVersion: held.version } : {});
    const whole = begun !== undefined && watch!.begun === begun;
    if (!events.length && !held) return { state: fold.initial(), version: 0 };
    if (!events.length) {
      if (whole) held!.whole = true;
      this.touch(stream, held!);
      return { state: this.copy(held!.state), version: held!.version };
    }
    const state = foldAll(fold, events, held ? this.copy(held.state) : fold.initial());
    const version = events[events.length - 1]!.version;
    // two reads of one stream at once: the newer state stays
    const now = this.entries.get(stream);
    if (!now || now.version <= version) this.touch(stream, { state, version, whole });
    return { state: this.copy(state), version };
  }

  /** The store's AppendWatch, listened to from the first read on; undefined for a store that offers none (or a second store). */
  private watch(store: Pick<EventStorePort, 'appends'>): AppendWatch | undefined {
    const offered = store.appends;
    if (!offered) return undefined;
    if (!this.watched) {
      this.watched = offered;
      offered.listen((stream) => {
        const entry = this.entries.get(stream);
        if (entry) entry.whole = false;
      });
    }
    return this.watched === offered ? offered : undefined;
  }

  private touch(stream: string, entry: { state: unknown; version: number; whole: boolean }) {
    this.entries.delete(stream);
    this.entries.set(stream, entry);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}
