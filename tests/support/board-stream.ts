import type { BoardChange } from '@tpl/contracts';
import { EventStreamParser, type StreamEvent } from '../../web/src/api/eventStream';
import type { ApiClient } from './api-client';

/**
 * A listener on the board's server-sent events, as the console reads them (fetch with the
 * session's headers, the wire parsed by the console's parser): every event kept, and a wait
 * for the first `board` change that satisfies a predicate.
 */
export class BoardListener {
  readonly events: StreamEvent[] = [];
  private readonly abort = new AbortController();
  private waiters: { match: (c: BoardChange) => boolean; resolve: (c: BoardChange) => void }[] = [];
  opened: Promise<void>;

  constructor(client: ApiClient, after?: string) {
    let open!: () => void;
    this.opened = new Promise((r) => (open = r));
    void (async () => {
      const res = await fetch(`${client.baseUrl}/api/bl-transport/board/stream${after ? `?after=${after}` : ''}`, { headers: client.headers(), signal: this.abort.signal });
      if (!res.body) throw new Error(`no stream: ${res.status}`);
      open();
      const parser = new EventStreamParser();
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        for (const e of parser.push(value)) {
          this.events.push(e);
          if (e.event !== 'board') continue;
          const change = JSON.parse(e.data) as BoardChange;
          this.waiters = this.waiters.filter((w) => (w.match(change) ? (w.resolve(change), false) : true));
        }
      }
    })().catch(() => undefined);
  }

  changes(): BoardChange[] {
    return this.events.filter((e) => e.event === 'board').map((e) => JSON.parse(e.data) as BoardChange);
  }

  /** The first change (already received or to come) that satisfies `match`. */
  next(match: (c: BoardChange) => boolean): Promise<BoardChange> {
    const seen = this.changes().find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  close() {
    this.abort.abort();
  }
}
