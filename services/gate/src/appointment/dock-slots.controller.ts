import { Controller, Get, Inject, Query } from '@nestjs/common';
import { AppError, gateApiRoutes as R, ok, parseOrThrow, type DockDay, type DockSlotsQuery } from '@tpl/contracts';
import { EVENT_STORE, type EventStorePort } from '@tpl/event-store';
import { Meta, ownerScopeOf, type RequestMeta } from '@tpl/identity';
import { MASTER_DATA, type MasterData } from '@tpl/masterdata';
import { PAST_GRACE_MS, siteTimeZone } from './appointment.decisions';
import { bookingsOf, daySlots, slotStream } from './dock-slots';

const LABEL = 'gate.slots';

/**
 * A dock's slots for a day (the registration form's slot picker), within the caller's tenant:
 * free, taken (naming the appointment's number) or past. A cargo owner's user sees that a slot is
 * taken, not by which appointment (the appointment is not theirs). The booking still takes the
 * slot on the server: two drivers choosing the same free slot, the second is a 409.
 */
@Controller()
export class DockSlotsController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStorePort,
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
  ) {}

  @Get(R.dockSlots.path)
  async slots(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.dockSlots.query!, query, LABEL) as DockSlotsQuery;
    const tenantId = meta.user.tenantId;
    const rec = (await this.masterData.byCodes(tenantId, 'dock', [q.dockCode])).get(q.dockCode);
    if (!rec || Number(rec.data.invalid ?? 0) === 1) throw new AppError(400, 'gate.errors.dockMissing', { dock: q.dockCode }, { label: `${LABEL}.fields.dockCode` });
    const d = rec.data;
    const dock = { code: q.dockCode, slotMinutes: Number(d.slotMinutes ?? 60), openFrom: String(d.openFrom ?? '00:00'), openTo: String(d.openTo ?? '23:59') };
    const bookings = bookingsOf(await this.store.readStream(slotStream(tenantId, q.dockCode)));
    const owner = !ownerScopeOf(meta.user).all;
    const slots = daySlots(q.day, dock, bookings, siteTimeZone(), Date.now(), PAST_GRACE_MS).map(({ billNo, ...s }) => (owner || billNo === undefined ? s : { ...s, billNo }));
    const day: DockDay = { dockCode: q.dockCode, dockName: String(d.name ?? q.dockCode), day: q.day, slots };
    return ok(day);
  }
}
