import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { BoardChange } from '@tpl/contracts';
import { BoardQueries } from './board.queries';
import { BOARD_NOTE_DOC } from '@tpl/contracts';
import { dispatchOf, noteOf, visibleTo, type BoardRow, type BoardViewer } from './board.rows';

export type BoardSignal = { event: 'board'; data: BoardChange } | { event: 'reset'; data: { position: string } };
type Listener = { viewer: BoardViewer; after: string | undefined; send(signal: BoardSignal): void; end?: (() => void) | undefined };

/** How often the hub asks the database whether the board's projection moved (ms), while anyone listens. */
export const boardPollMs = () => Number(process.env.BOARD_STREAM_POLL_MS ?? 150);

/**
 * What one listener is sent for the rows that moved: the rows it may see, past its own
 * position. Pure: the hub and the tests share it.
 */
export const changeFor = (viewer: BoardViewer, after: string, upto: string, moved: readonly BoardRow[]): BoardChange | undefined => {
  const mine = moved.filter((r) => BigInt(r.position) > BigInt(after) && visibleTo(viewer, r));
  if (!mine.length) return undefined;
  return {
    after,
    position: upto,
    notes: mine.filter((r) => r.doc_type === BOARD_NOTE_DOC).map(noteOf),
    dispatches: mine.filter((r) => r.doc_type !== BOARD_NOTE_DOC).map(dispatchOf),
  };
};

/**
 * The board's push. Every host runs one; it pushes from what the DATABASE says, never from
 * events seen in its own process: while someone listens it reads the board positions of the
 * listeners' tenants (one indexed row each) every boardPollMs, and when a tenant's moved, reads
 * the rows of that tenant that moved (trn_board_docs.position, the tenant's own) once for all its
 * listeners and sends each the ones it may see. A dispatch made through another host is projected
 * by whichever host holds the projection's lock, and every host's listeners see it from the table.
 * A projection rebuilt from zero sends `reset` (the console reloads its board).
 */
@Injectable()
export class BoardHub implements OnModuleDestroy {
  private readonly listeners = new Set<Listener>();
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private readonly logger = new Logger('BoardHub');

  constructor(private readonly queries: BoardQueries) {}

  /** Starts sending a listener what moves after `after` (its board's position; undefined: from now). */
  subscribe(viewer: BoardViewer, after: string | undefined, send: (signal: BoardSignal) => void, end?: () => void): () => void {
    const listener: Listener = { viewer, after, send, end };
    this.listeners.add(listener);
    this.timer ??= setInterval(() => void this.tick(), boardPollMs());
    void this.tick();
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  get size() {
    return this.listeners.size;
  }

  /** One look at the database; overlapping looks are skipped, not queued. */
  async tick(): Promise<void> {
    if (this.busy || !this.listeners.size) return;
    this.busy = true;
    try {
      const byTenant = new Map<string, Listener[]>();
      for (const l of this.listeners) byTenant.set(l.viewer.tenantId, [...(byTenant.get(l.viewer.tenantId) ?? []), l]);
      const positions = await this.queries.positions([...byTenant.keys()]);
      for (const [tenantId, listeners] of byTenant) {
        const upto = positions.get(tenantId) ?? '0';
        const top = BigInt(upto);
        let from: bigint | undefined;
        for (const l of listeners) {
          if (l.after === undefined) l.after = upto;
          const after = BigInt(l.after);
          if (after > top) {
            // the projection went back (rebuilt from zero): the listener's board is to be read again
            l.after = upto;
            l.send({ event: 'reset', data: { position: upto } });
          } else if (after < top && (from === undefined || after < from)) from = after;
        }
        if (from === undefined) continue;
        const moved = await this.queries.movedBetween(tenantId, String(from), upto);
        for (const l of listeners) {
          const after = l.after!;
          if (BigInt(after) >= top) continue;
          l.after = upto;
          const change = changeFor(l.viewer, after, upto, moved);
          if (change) l.send({ event: 'board', data: change });
        }
      }
    } catch (e) {
      this.logger.warn(`board stream: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.busy = false;
    }
  }

  onModuleDestroy() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    // open streams end with the host, so it can close
    for (const l of [...this.listeners]) l.end?.();
    this.listeners.clear();
  }
}
