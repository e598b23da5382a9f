import { Inject, Injectable } from '@nestjs/common';
import { AppError, isinstockbill, osoutstockbill, subQty, type DocumentDef, type KitDocument, type ScanBill, type ScanMode, type ScanTask } from '@tpl/contracts';
import { DocumentService } from '@tpl/documents';
import type { OwnerScope, RowScope } from '@tpl/identity';
import { MASTER_DATA, type MasterData } from '@tpl/masterdata';
import { barcodeOf } from '../inbound/receipt.decisions';
import { PrintService } from '../print/print.service';
import { linesOf } from '../shared/lines';

/** The states in which a bill has something to scan, per mode. */
export const SCAN_STATES: Record<ScanMode, readonly string[]> = {
  receive: ['Draft', 'Audited'],
  putaway: ['Received', 'PuttingAway'],
  pick: ['Allocated'],
};

/**
 * Scan mode's one read: a bill by its number (what the keeper scans first) and what is left
 * to scan on it. Everything a scan then checks (the item's barcode, the place of a held row,
 * the quantity) is in this answer, so a scan costs no call until it is confirmed; confirming
 * uses the documents' own actions (receive, put-away, pick).
 */
@Injectable()
export class ScanService {
  constructor(
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(MASTER_DATA) private readonly masterData: MasterData,
    @Inject(PrintService) private readonly print: PrintService,
  ) {}

  async tasks(tenantId: string, billNo: string, mode: ScanMode, scope: RowScope, owners: OwnerScope): Promise<ScanBill> {
    const def: DocumentDef = mode === 'pick' ? osoutstockbill : isinstockbill;
    const doc = await this.documents.byBillNo(def, tenantId, billNo);
    if (!doc) throw new AppError(404, 'warehouse.errors.scanBillNotFound', { billNo });
    // outside the caller's data scope: as if it did not exist
    await this.documents.assertVisible(def, tenantId, [doc.id], scope, owners).catch(() => {
      throw new AppError(404, 'warehouse.errors.scanBillNotFound', { billNo });
    });
    if (!SCAN_STATES[mode].includes(doc.state)) throw new AppError(409, 'warehouse.errors.scanNothingToDo', { billNo }, { state: `${def.name}.states.${doc.state}` });
    const tasks = mode === 'pick' ? await this.print.held(tenantId, doc) : await this.inboundTasks(tenantId, doc, mode);
    return { id: doc.id, billNo: doc.billNo, version: doc.version, state: doc.state, tasks };
  }

  private async inboundTasks(tenantId: string, doc: KitDocument, mode: ScanMode): Promise<ScanTask[]> {
    const lines = linesOf(doc);
    const materials = await this.masterData.byCodes(tenantId, 'material', [...new Set(lines.map((l) => l.materialCode))]);
    // put-away: a line put away in part or whole earlier is listed with what it did, so the phone's
    // progress starts where the bill is, not at 0
    return lines
      .map((l) => {
        const done = mode === 'putaway' ? Number(l.putAwayQty ?? 0) : 0;
        return {
          lineNumber: l.lineNumber,
          barcode: barcodeOf(doc.billNo, l),
          materialCode: l.materialCode,
          materialName: String(materials.get(l.materialCode)?.data.name ?? ''),
          batchNo: String(l.batchNo ?? ''),
          qty: subQty(l.qty, done),
          ...(done > 0 ? { doneQty: done } : {}),
        };
      })
      .filter((t) => t.qty > 0 || (t.doneQty ?? 0) > 0);
  }
}
