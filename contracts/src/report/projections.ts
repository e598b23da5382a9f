import { z } from 'zod';

/** The i18n entity of the projections' inputs: 400 messages read labels from `projection.fields.<field>`. */
export const PROJECTION = 'projection';

const count = z.number().int().min(0);
const time = z.string().nullable();

/**
 * One read model kept by the asynchronous projector (or a reaction following the same
 * global order): where its checkpoint stands, how far behind the newest event it handles
 * (in events, and in seconds since the oldest event it has not applied yet was written),
 * and whether it is being rebuilt from zero.
 */
export const projectionStatusSchema = z.object({
  name: z.string(),
  /**
   * projection: a read model (rebuildable); reaction: a process manager (side effects, never
   * replayed from zero); relay: the outbox's relay to Kafka (position and head are outbox row
   * ids, lag the rows not yet acknowledged; never rebuilt)
   */
  kind: z.enum(['projection', 'reaction', 'relay']),
  /** global position of the last event applied */
  position: z.string(),
  /** newest global position among the events it handles */
  head: z.string(),
  lagEvents: count,
  lagSeconds: z.number().min(0),
  oldestPendingAt: time,
  newestPendingAt: time,
  rebuilding: z.boolean(),
  rebuildStartedAt: time,
  updatedAt: time,
});
export type ProjectionStatus = z.infer<typeof projectionStatusSchema>;

/** POST /api/bl-report/projections/rebuild?name= */
export const rebuildProjectionQuerySchema = z
  .object({
    name: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(100, { error: 'validation.tooLong' })
      .regex(/^[\w.-]+$/, { error: 'validation.invalid' }),
  })
  .strict();
export type RebuildProjectionQuery = z.infer<typeof rebuildProjectionQuerySchema>;
