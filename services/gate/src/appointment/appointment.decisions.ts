import { AppError, type appointment, type DocumentOf } from '@tpl/contracts';
import type { DecideMeta, DocumentCommandOf, DocumentDecisions, Effect } from '@tpl/documents';
import { slotBooked, slotHolder, slotOf, wallClock, slotReleased, slotStream, SLOT_STREAM_TYPE, type SlotBooking } from './dock-slots';

/**
 * The appointment's own decisions (issue 31), pure: what they need beyond the document's stream
 * (the notice in force, the dock and its booked slots, the inspection location, the bills named)
 * is loaded in the command's transaction by the wiring (appointment.wiring.ts).
 */
export type Appointment = DocumentOf<typeof appointment>;
type Command = DocumentCommandOf<typeof appointment>;
export type Rec = { code: string; data: Record<string, unknown> };

export type AppointmentFacts = {
  /** the notice in force for a read action (the safety notice, the site rules) */
  notice?: Rec | undefined;
  /** the dock the appointment names, at booking */
  dock?: Rec | undefined;
  /** the dock's live slot bookings and its slot stream's version */
  slots?: { bookings: SlotBooking[]; version: number };
  /** the inspection location of an inspection */
  location?: Rec | undefined;
  /** bills the content names that do not exist or are in no state a vehicle can come for: field -> bill number */
  billsMissing?: Record<string, string>;
};

/** An appointment booked this much in the past is still taken (a walk-in registered at the gate, a clock a little behind). */
export const PAST_GRACE_MS = 5 * 60 * 1000;

const NOTICE_OF = { readSafety: 'SAFETY', readFactory: 'FACTORY' } as const;
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const label = (field: string) => ({ label: `appointment.fields.${field}` });
const valid = (r: Rec | undefined): r is Rec => Boolean(r) && Number(r!.data.invalid ?? 0) !== 1;

const inThePast = (time: unknown, now: string) => typeof time === 'string' && Date.parse(time) < Date.parse(now) - PAST_GRACE_MS;
const pastRefusal = () => new AppError(400, 'gate.errors.appointmentPast', {}, label('appointmentTime'));

/** The site's time zone, whose wall clock the docks' hours are on (BUSINESS_TZ, as the business day). */
export const siteTimeZone = () => process.env.BUSINESS_TZ || 'Asia/Shanghai';

/** The dock slot an appointment takes at booking, or why it cannot have it. */
const slotFor = (doc: Appointment, facts: AppointmentFacts): { slotStart: string; slotEnd: string } | AppError | undefined => {
  const dockCode = str(doc.dockCode);
  if (!dockCode) return undefined;
  if (!valid(facts.dock)) return new AppError(409, 'gate.errors.dockMissing', { dock: dockCode });
  const d = facts.dock.data;
  const dock = { code: dockCode, slotMinutes: Number(d.slotMinutes ?? 60), openFrom: String(d.openFrom ?? '00:00'), openTo: String(d.openTo ?? '23:59') };
  const zone = siteTimeZone();
  const slot = slotOf(String(doc.appointmentTime), dock, zone);
  if (!slot) {
    const at = wallClock(Date.parse(String(doc.appointmentTime)), zone);
    const hhmm = `${String(Math.floor(at.minutes / 60)).padStart(2, '0')}:${String(at.minutes % 60).padStart(2, '0')}`;
    return new AppError(409, 'gate.errors.dockClosed', { dock: dockCode, from: dock.openFrom, to: dock.openTo, time: hhmm });
  }
  const holder = slotHolder(facts.slots?.bookings ?? [], slot.slotStart, doc.id);
  if (holder) return new AppError(409, 'gate.errors.slotTaken', { dock: dockCode, start: `${slot.day} ${slot.from}`, end: slot.to, billNo: holder.billNo });
  return { slotStart: slot.slotStart, slotEnd: slot.slotEnd };
};

const check = (command: Command, doc: Appointment | undefined, facts: AppointmentFacts, meta: DecideMeta): AppError | undefined => {
  if (command.type === 'Create' || command.type === 'Change') {
    if (inThePast(command.data.content.appointmentTime, meta.now)) return pastRefusal();
    const missing = Object.entries(facts.billsMissing ?? {})[0];
    if (missing) return new AppError(400, 'gate.errors.billMissing', { billNo: missing[1] }, label(missing[0]));
    return undefined;
  }
  if (command.type !== 'Act' || !doc) return undefined;
  const { action, fields } = command.data;
  switch (action) {
    case 'readSafety':
    case 'readFactory':
      return facts.notice ? undefined : new AppError(409, 'gate.errors.noticeMissing', {}, { notice: `enum.visitornotice.noticeType.${NOTICE_OF[action]}` });
    case 'book': {
      if (inThePast(doc.appointmentTime, meta.now)) return pastRefusal();
      const slot = slotFor(doc, facts);
      return slot instanceof AppError ? slot : undefined;
    }
    case 'checkIn':
      return doc.healthCondition && doc.healthCondition !== 'HEALTHY' ? new AppError(409, 'gate.errors.unwell', {}, { health: `enum.appointment.healthCondition.${doc.healthCondition}` }) : undefined;
    case 'inspect':
    case 'refuse': {
      const code = String(fields.inspectionLocationCode ?? '');
      if (!valid(facts.location)) return new AppError(409, 'gate.errors.locationMissing', { location: code });
      if (Number(facts.location.data.isPicture ?? 0) === 1 && !str(fields.inspectionPhoto)) {
        return new AppError(400, 'gate.errors.photoRequired', { location: String(facts.location.data.name ?? code) }, label('inspectionPhoto'));
      }
      return undefined;
    }
    default:
      return undefined;
  }
};

export const appointmentDecisions: DocumentDecisions<AppointmentFacts, typeof appointment> = {
  check: (command, doc, facts, meta) => check(command, doc, facts ?? {}, meta),
  // what a step records that the server knows: the notice read, the slot taken
  fill: (command, doc, facts) => {
    if (command.type !== 'Act') return undefined;
    const action = command.data.action;
    if (action === 'readSafety') return { isReadSafety: 1, safetyNoticeCode: facts?.notice?.code };
    if (action === 'readFactory') return { isReadFactory: 1, factoryNoticeCode: facts?.notice?.code };
    if (action === 'book') {
      const slot = slotFor(doc, facts ?? {});
      return slot && !(slot instanceof AppError) ? slot : {};
    }
    return undefined;
  },
  effects: (command, after, facts): Effect[] => {
    if (command.type !== 'Act') return [];
    const dockCode = str(after.dockCode);
    const slotStart = str(after.slotStart);
    if (!dockCode || !slotStart || !facts?.slots) return [];
    const stream = slotStream(after.tenantId, dockCode);
    const action = command.data.action;
    if (action === 'book') {
      const booking = { documentId: after.id, billNo: after.billNo, slotStart, slotEnd: String(after.slotEnd ?? '') };
      return [{ stream, streamType: SLOT_STREAM_TYPE, events: [slotBooked(booking)], expectedVersion: facts.slots.version }];
    }
    if (action === 'cancel' || action === 'noShow') return [{ stream, streamType: SLOT_STREAM_TYPE, events: [slotReleased(after.id)], expectedVersion: facts.slots.version }];
    return [];
  },
};
