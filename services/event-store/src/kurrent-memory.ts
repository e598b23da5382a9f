import { randomUUID } from 'node:crypto';
import type { KurrentEvents } from './kurrent-running-store';
import { StaleVersionError, inRange, type AppendOptions, type NewEvent, type ReadAllOptions, type ReadStreamOptions, type StoredEvent } from './port';

/**
 * KurrentDB's side in memory, for tests of the running store where no server can run: KurrentDB's
 * rules as the running store relies on them (expected versions, $all in append order,
 * "<commit>:<prepare>" cursors). The real client runs in the contract suite and the journey when a
 * server is given (ADR 0007).
 */
export class MemoryKurrent implements KurrentEvents {
  readonly log: StoredEvent[] = [];
  private typed = (options: ReadAllOptions = {}) => this.log.filter((e) => !options.types || options.types.includes(e.type));

  async appendAt(streamName: string, events: NewEvent[], options: AppendOptions) {
    const current = this.log.filter((e) => e.streamName === streamName).length;
    if (current !== options.expectedVersion) throw new StaleVersionError(streamName, options.expectedVersion);
    const out = events.map((e, i) => {
      const p = this.log.length + 1;
      const stored: StoredEvent = { id: randomUUID(), streamName, version: current + i + 1, globalPosition: String(p), cursor: `${p}:${p}`, type: e.type, data: e.data, metadata: options.metadata };
      this.log.push(stored);
      return stored;
    });
    return { nextVersion: current + events.length, globalPositions: out.map((e) => e.globalPosition), cursor: out.at(-1)!.cursor! };
  }
  async readStream(streamName: string, options: ReadStreamOptions = {}) {
    return this.log.filter((e) => e.streamName === streamName && inRange(e.version, options));
  }
  async readAll(after: string, limit: number, options: ReadAllOptions = {}) {
    const from = after === '0' ? 0 : Number(after.split(':')[1]);
    return this.typed(options).filter((e) => Number(e.globalPosition) > from).slice(0, limit);
  }
  async head(options: ReadAllOptions = {}) {
    const last = this.typed(options).at(-1);
    return last ? { cursor: last.cursor!, position: last.globalPosition } : { cursor: '0', position: '0' };
  }
  async pending(after: string, options: ReadAllOptions = {}) {
    const n = (await this.readAll(after, Number.MAX_SAFE_INTEGER, options)).length;
    return { count: n, oldestAt: n ? new Date() : null, newestAt: n ? new Date() : null, oldestAgeSeconds: 0 };
  }
  async close() {}
}

