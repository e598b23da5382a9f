import type { AsyncProjection, Migration, StoredEvent } from '@tpl/event-store';

/**
 * A projection that counts, for the projector's crash tests: every batch ADDS to its rows
 * (never sets them), so an event applied twice counts twice and one skipped is missing.
 * Only the checkpoint moving in the same transaction as the writes keeps it exact.
 */
export const COUNTS_TABLE = 'tst_tick_counts';
export const TOTALS_TABLE = 'tst_tick_totals';
export const TICK = 'TestTicked';

export const countsMigration: Migration = {
  id: 'test/001-tick-counts',
  sql: `
CREATE TABLE IF NOT EXISTS ${COUNTS_TABLE} (stream text PRIMARY KEY, events int NOT NULL, sum bigint NOT NULL);
CREATE TABLE IF NOT EXISTS ${TOTALS_TABLE} (name text PRIMARY KEY, events bigint NOT NULL, batches int NOT NULL);
`,
};

export const countsProjection: AsyncProjection = {
  name: 'test-tick-counts',
  tables: [COUNTS_TABLE, TOTALS_TABLE],
  handles: [TICK],
  project: (events: StoredEvent[]) => {
    const perStream = new Map<string, { events: number; sum: number }>();
    for (const e of events) {
      const c = perStream.get(e.streamName) ?? { events: 0, sum: 0 };
      c.events += 1;
      c.sum += (e.data as { n: number }).n;
      perStream.set(e.streamName, c);
    }
    const rows = [...perStream].map(([stream, c]) => ({ stream, ...c }));
    return [
      {
        text: `INSERT INTO ${COUNTS_TABLE} (stream, events, sum)
               SELECT stream, events, sum FROM jsonb_to_recordset($1::jsonb) AS r(stream text, events int, sum bigint)
               ON CONFLICT (stream) DO UPDATE SET events = ${COUNTS_TABLE}.events + EXCLUDED.events, sum = ${COUNTS_TABLE}.sum + EXCLUDED.sum`,
        values: [JSON.stringify(rows)],
      },
      {
        text: `INSERT INTO ${TOTALS_TABLE} (name, events, batches) VALUES ('all', $1, 1)
               ON CONFLICT (name) DO UPDATE SET events = ${TOTALS_TABLE}.events + EXCLUDED.events, batches = ${TOTALS_TABLE}.batches + 1`,
        values: [events.length],
      },
    ];
  },
};
