import type { StoredEvent } from './port';

/**
 * Events are facts: once written they never change. When the shape of an event type
 * changes, its schema version goes up and an upcaster turns the data of the old version
 * into the next one, on read. Every fold, projection and reaction then sees only the
 * current shape, and a stream written years ago replays under today's code.
 *
 * One registry per store: each step goes from one version to the next (1 -> 2, 2 -> 3),
 * registered in order; the current version of a type is one more than its last step (1
 * when it has none). Appends write the current version into the message's
 * schema version (emt_messages.message_schema_version); reads upcast from the stored one.
 */
export type Upcast = (data: unknown, event: Readonly<StoredEvent>) => unknown;

/** One step of one event type, as a context publishes it: data at `fromVersion` in, data at `fromVersion + 1` out. Pure. */
export type Upcaster = { eventType: string; fromVersion: number; upcast: Upcast };

export class UnknownSchemaVersionError extends Error {
  constructor(
    readonly eventType: string,
    readonly storedVersion: string,
    readonly currentVersion: number,
    where: string,
  ) {
    super(`${where}: ${eventType} at schema version ${storedVersion}, but this code knows versions 1 to ${currentVersion}`);
    this.name = 'UnknownSchemaVersionError';
  }
}

export class UpcasterRegistry {
  /** per event type, step i turns version i + 1 into version i + 2 */
  private readonly steps = new Map<string, Upcast[]>();

  static of(upcasters: readonly Upcaster[] = []): UpcasterRegistry {
    const registry = new UpcasterRegistry();
    for (const u of upcasters) registry.register(u.eventType, u.fromVersion, u.upcast);
    return registry;
  }

  /** Adds the step from `fromVersion` to `fromVersion + 1`; steps of a type come in order, without gaps or repeats. */
  register(eventType: string, fromVersion: number, upcast: Upcast): this {
    const chain = this.steps.get(eventType) ?? [];
    if (!Number.isInteger(fromVersion) || fromVersion !== chain.length + 1) {
      throw new Error(`upcaster of ${eventType} from version ${fromVersion}: the next step must start at version ${chain.length + 1}`);
    }
    chain.push(upcast);
    this.steps.set(eventType, chain);
    return this;
  }

  /** The version appends write for this type. */
  currentVersion(eventType: string): number {
    return (this.steps.get(eventType)?.length ?? 0) + 1;
  }

  /** Every type with at least one step, and its current version (for documentation and status). */
  versions(): Record<string, number> {
    return Object.fromEntries([...this.steps.keys()].sort().map((t) => [t, this.currentVersion(t)]));
  }

  /**
   * The event with its data at the current version. `storedVersion` is what the store
   * holds (text in Emmett's schema). A version newer than this code knows is refused
   * rather than misread (an older host reading what a newer one wrote).
   */
  upcast(event: StoredEvent, storedVersion: string | number | undefined): StoredEvent {
    const current = this.currentVersion(event.type);
    const from = storedVersion === undefined || storedVersion === null || storedVersion === '' ? 1 : Number(storedVersion);
    if (from === current) return event;
    if (!Number.isInteger(from) || from < 1 || from > current) {
      throw new UnknownSchemaVersionError(event.type, String(storedVersion), current, `${event.streamName}@${event.version}`);
    }
    const chain = this.steps.get(event.type)!;
    let data = event.data;
    for (let v = from; v < current; v++) data = chain[v - 1]!(data, event);
    return { ...event, data };
  }
}
