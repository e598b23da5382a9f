import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { appointment, documentByName } from '@tpl/contracts';
import { DocumentDecisionsRegistry, DocumentService, type LoadInput } from '@tpl/documents';
import type { UnitOfWork } from '@tpl/event-store';
import { MASTER_DATA, type MasterData } from '@tpl/masterdata';
import { appointmentDecisions, type AppointmentFacts, type Rec } from './appointment.decisions';
import { bookingsOf, slotStream } from './dock-slots';

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const NOTICE_OF: Record<string, string> = { readSafety: 'SAFETY', readFactory: 'FACTORY' };
/** The bills a driver's appointment may name (the header's docRef fields), each with its document type. */
const BILL_FIELDS = ['inboundBillNo', 'outboundBillNo'] as const;

/**
 * The appointment's IO: registers its decisions with the kit and loads, in the command's
 * transaction, what they need: the notice in force (master data), the dock and its slot stream,
 * the inspection location, and the bills a driver names (the kit's documents, by number).
 */
@Injectable()
export class GateAppointments implements OnModuleInit {
  constructor(
    @Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
  ) {}

  onModuleInit() {
    this.registry.register(appointment, { ...appointmentDecisions, load: (input) => this.facts(input) });
  }

  private async one(tenantId: string, entity: string, code: string | undefined, uow: UnitOfWork): Promise<Rec | undefined> {
    return code ? (await this.masterData.byCodes(tenantId, entity, [code], uow)).get(code) : undefined;
  }

  /** The notice of a type in force: its valid record (of several, the greatest code). */
  private async notice(tenantId: string, noticeType: string, uow: UnitOfWork): Promise<Rec | undefined> {
    const valid = (await this.masterData.where(tenantId, 'visitornotice', { noticeType }, 200, uow)).filter((r) => Number(r.data.invalid ?? 0) !== 1);
    return valid.sort((a, b) => (a.code < b.code ? 1 : -1))[0];
  }

  private async slots(tenantId: string, dockCode: string, uow: UnitOfWork) {
    const events = await uow.readStream(slotStream(tenantId, dockCode));
    return { bookings: bookingsOf(events), version: events.length ? events[events.length - 1]!.version : 0 };
  }

  private async billsMissing(tenantId: string, content: Record<string, unknown>, uow: UnitOfWork): Promise<Record<string, string>> {
    const missing: Record<string, string> = {};
    for (const field of BILL_FIELDS) {
      const billNo = str(content[field]);
      const f = appointment.header[field];
      const def = documentByName(f.document);
      if (!billNo || !def) continue;
      const bill = await this.documents.byBillNo(def, tenantId, billNo, uow);
      if (!bill || bill.removed || !(f.states ?? []).includes(bill.state)) missing[field] = billNo;
    }
    return missing;
  }

  async facts({ tenantId, command, doc, uow }: LoadInput<typeof appointment>): Promise<AppointmentFacts> {
    if (command.type === 'Create' || command.type === 'Change') return { billsMissing: await this.billsMissing(tenantId, command.data.content, uow) };
    if (command.type !== 'Act' || !doc) return {};
    const { action, fields } = command.data;
    const noticeType = NOTICE_OF[action];
    if (noticeType) return { notice: await this.notice(tenantId, noticeType, uow) };
    const dockCode = str(doc.dockCode);
    if (action === 'book' && dockCode) return { dock: await this.one(tenantId, 'dock', dockCode, uow), slots: await this.slots(tenantId, dockCode, uow) };
    if ((action === 'cancel' || action === 'noShow') && dockCode && str(doc.slotStart)) return { slots: await this.slots(tenantId, dockCode, uow) };
    if (action === 'inspect' || action === 'refuse') return { location: await this.one(tenantId, 'securityinspectionlocation', str(fields.inspectionLocationCode), uow) };
    return {};
  }
}
