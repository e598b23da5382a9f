import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import { CACHE_CHANNEL, FoldedStreams, type CacheChannel, type EventStorePort, type Fold, type Folded } from '@tpl/event-store';
import type { DocState } from './document.fold';
import { ListTotals } from './document.list';

/**
 * The documents this host wrote last, folded, with their versions: a change or an action that
 * expects exactly that version decides on it without reading the stream (one round trip fewer).
 * An entry is taken out while a command uses it and put back only once that command's append has
 * committed, so no two commands share one; a command expecting any other version reads the stream.
 * Another host's write is caught by the append's version check (409), as without the cache.
 */
class WrittenStates {
  private readonly entries = new Map<string, Folded<DocState>>();
  constructor(private readonly max = 5_000) {}
  take(stream: string, version: number) {
    const hit = this.entries.get(stream);
    if (!hit) return undefined;
    this.entries.delete(stream);
    return hit.version === version ? hit : undefined;
  }
  put(stream: string, state: DocState, version: number) {
    this.entries.delete(stream);
    this.entries.set(stream, { state, version });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * The kit's side of the event store: what this host already knows of document streams and lists,
 * so the document service only asks and never owns a cache. Three things are kept here:
 * - the written states (WrittenStates): a state this host wrote at exactly the version a command
 *   expects is used unread; taken out while a command uses it, put back once its append commits;
 * - the read folds (FoldedStreams): a read outside a transaction folds only the events written
 *   since this host last read the stream;
 * - the list totals (ListTotals, on the embedded store only): a filtered page's count, dropped
 *   whenever a row of its tenant and type is written.
 */
@Injectable()
export class DocumentStreams implements OnModuleDestroy {
  private readonly written = new WrittenStates();
  private readonly folds = new FoldedStreams();
  /** List pages' totals, kept on the embedded store only (document.list.ts). */
  readonly totals: ListTotals | undefined;

  constructor(@Optional() @Inject(CACHE_CHANNEL) channel?: CacheChannel) {
    // the in-process channel is the embedded store's: one host, one connection (ListTotals says why that matters)
    this.totals = channel?.kind === 'local' ? ListTotals.open() : undefined;
  }

  onModuleDestroy() {
    this.totals?.close();
  }

  /** The state this host wrote last at exactly `version`, taken out (put it back with `keep` once a new append has committed). */
  take(stream: string, version: number): Folded<DocState> | undefined {
    return this.written.take(stream, version);
  }

  /** A state this host's committed append left the stream at: the next command expecting that version decides on it unread. */
  keep(stream: string, state: DocState, version: number): void {
    this.written.put(stream, state, version);
  }

  /** The stream now, folded from where this host's reads left it (outside a transaction only). */
  load<S>(store: Pick<EventStorePort, 'readStream' | 'appends'>, stream: string, fold: Fold<S>): Promise<Folded<S>> {
    return this.folds.load(store, stream, fold);
  }

  /** A list row of the tenant and type has been written (and committed): every kept total of theirs goes. */
  listWritten(tenantId: string, docType: string): void {
    ListTotals.written(tenantId, docType);
  }
}
