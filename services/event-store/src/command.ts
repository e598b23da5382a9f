import type { AppendResult, AppendWatch, EventMetadata, EventStorePort, NewEvent, Statement, StoredEvent, UnitOfWork } from './port';
import { withSerial, type SerialTake } from './serial';

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

/** Read, fold, decide, append: in the given unit of work (a transaction), or on its own. */
export const runCommand = async <S>(target: EventStorePort | UnitOfWork, run: CommandRun<S>): Promise<CommandOutcome<S>> => {
  const past = run.fresh || run.known ? [] : await target.readStream(run.stream);
  const version = run.known ? run.known.version : past.length ? past[past.length - 1]!.version : 0;
  const before = run.known ? run.known.state : foldAll(run.fold, past);
  const decided = await run.decide(before, version);
  if (decided.length === 0) return { state: before, version, events: [] };
  const events: StoredEvent[] = decided.map((e, i) => ({
    streamName: run.stream,
    version: version + i + 1,
    globalPosition: '',
    type: e.type,
    data: e.data,
    metadata: run.metadata,
  }));
  const after = foldAll(run.fold, events, before);
  const also = run.also?.(after, events) ?? [];
  const append = await target.append(run.stream, decided, {
    expectedVersion: version,
    metadata: run.metadata,
    streamType: run.streamType,
    ...(also.length ? { also } : {}),
    ...(run.last?.() ? { commit: true } : {}),
    ...(run.serial ? { serial: run.serial } : {}),
  });
  events.forEach((e, i) => (e.globalPosition = append.globalPositions[i] ?? ''));
  if (run.serial && append.serial !== undefined) {
    const { placeholder } = run.serial;
    const taken = append.serial;
    events.forEach((e) => (e.data = withSerial(e.data, placeholder, taken)));
    return { state: withSerial(after, placeholder, taken), version: version + decided.length, events, append };
  }
  return { state: after, version: version + decided.length, events, append };
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
