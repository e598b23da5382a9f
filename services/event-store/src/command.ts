import type { AppendResult, EventMetadata, EventStorePort, NewEvent, SqlText, StoredEvent, UnitOfWork } from './port';

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
  also?: (after: S, events: StoredEvent[]) => SqlText[];
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
  });
  events.forEach((e, i) => (e.globalPosition = append.globalPositions[i] ?? ''));
  return { state: after, version: version + decided.length, events, append };
};

/** A stream folded, up to a version when given (the auditor's "as of"). */
export const loadStream = async <S>(store: EventStorePort | UnitOfWork, stream: string, fold: Fold<S>, toVersion?: number) => {
  const events = await store.readStream(stream, toVersion === undefined ? {} : { toVersion });
  return { state: foldAll(fold, events), events, version: events.length ? events[events.length - 1]!.version : 0 };
};
