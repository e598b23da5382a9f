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
  const past = await target.readStream(run.stream);
  const version = past.length ? past[past.length - 1]!.version : 0;
  const before = foldAll(run.fold, past);
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
  });
  events.forEach((e, i) => (e.globalPosition = append.globalPositions[i] ?? ''));
  return { state: after, version: version + decided.length, events, append };
};

/** A stream folded, up to a version when given (the auditor's "as of"). */
export const loadStream = async <S>(store: EventStorePort | UnitOfWork, stream: string, fold: Fold<S>, toVersion?: number) => {
  const events = await store.readStream(stream, toVersion === undefined ? {} : { toVersion });
  return { state: foldAll(fold, events), events, version: events.length ? events[events.length - 1]!.version : 0 };
};
