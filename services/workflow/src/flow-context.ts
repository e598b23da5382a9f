import type { FlowActor } from '@tpl/contracts';
import type { EventMetadata } from '@tpl/event-store';

/**
 * Who asks, in which tenant, for which request; every service call carries it.
 * causationId: the command's id (made where the command enters: the request, a timer's
 * firing) or the id of the event a reaction answers; every event it leads to names it.
 */
export type FlowContext = { tenantId: string; actor: FlowActor; roles: readonly string[]; correlationId: string; causationId: string };

export const metadataOf = (ctx: FlowContext, now: Date): EventMetadata => ({
  tenantId: ctx.tenantId,
  actor: ctx.actor,
  occurredAt: now.toISOString(),
  correlationId: ctx.correlationId,
  causationId: ctx.causationId,
});

/**
 * The workflow's clock. Timers are due by it and the poller fires by it; tests move it
 * forward instead of sleeping (advance), production reads the wall clock.
 */
export class FlowClock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
