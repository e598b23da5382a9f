import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  labelIn,
  AppError,
  dataSchemaOf,
  formatIssues,
  translate,
  type EntityDef,
  type ImportPreview,
  type ImportRowError,
  type Language,
  type ReferenceUse,
} from '@tpl/contracts';
import { Inject } from '@nestjs/common';
import type { Pool } from 'pg';
import { DB_POOL } from '@tpl/event-store';
import { parseImport, reportWorkbook, streamExport, templateWorkbook } from '@tpl/documents';
import { RECORDS_TABLE } from './records.migrations';
import { RecordsService, referenceUses, type Viewer } from './records.service';
import type { RecordContext } from './records.port';
import { RecordReferences } from './reference-check';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type RowError = ImportRowError;
const REPORT_TTL_MS = 30 * 60_000;
/** rows an import preview shows, and errors an answer lists (the report holds them all) */
const PREVIEW_ROWS = 200;
const MAX_ERRORS_SHOWN = 1000;


export const fileName = (def: EntityDef, lang: Language, what: string) => {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).replaceAll('-', '');
  return `${labelIn(def.title, lang)}-${what}-${day}.xlsx`;
};

/** Export, template and all-or-nothing import of an entity's records as spreadsheets. */
@Injectable()
export class RecordsSpreadsheets {
  private readonly reports = new Map<string, { tenantId: string; entity: string; errors: RowError[]; at: number }>();

  constructor(
    @Inject(RecordsService) private readonly records: RecordsService,
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(RecordReferences) private readonly references: RecordReferences,
  ) {}

  /** Streams the rows matching the list's filters; returns the stream and the row count. */
  async exportStream(def: EntityDef, viewer: Viewer, q: Record<string, unknown>, lang: Language) {
    const total = await this.records.count(def, viewer, q);
    const out = new PassThrough();
    void streamExport(out, def, lang, this.records.stream(def, viewer, q)).catch((err: unknown) => out.destroy(err as Error));
    return { out, total };
  }

  template(def: EntityDef, lang: Language) {
    return templateWorkbook(def, lang);
  }

  /**
   * Validates every row (field rules, codes unique in the file and the tenant, references
   * that exist) and writes nothing unless all pass; `admit` may refuse the valid rows as a
   * whole (a grant beyond the importer's own rights).
   */
  async import(
    def: EntityDef,
    ctx: RecordContext,
    file: Buffer,
    name: string,
    lang: Language,
    admit: (rows: Record<string, unknown>[]) => Promise<void> = async () => undefined,
  ): Promise<{ imported: number }> {
    const { valid, errors } = await this.check(def, ctx, file, name, lang);
    if (errors.length) throw this.refusal(def, ctx, errors);
    await admit(valid.map((v) => v.data));
    // parents before children so a tree imports in one go
    const ordered = def.tree ? this.parentsFirst(def, valid.map((v) => v.data)) : valid.map((v) => v.data);
    return { imported: await this.records.importAll(def, ctx, ordered) };
  }

  /**
   * What an import of the file would do, writing nothing: the rows found (the first
   * PREVIEW_ROWS, as read, secrets masked), every row's errors by the same checks as the
   * import (with a report to download), and how many rows would be written. The console
   * shows it and imports on confirmation.
   */
  async preview(
    def: EntityDef,
    ctx: RecordContext,
    file: Buffer,
    name: string,
    lang: Language,
    admit: (rows: Record<string, unknown>[]) => Promise<void> = async () => undefined,
  ): Promise<ImportPreview> {
    const { rows, valid, errors, ignoredHeaders } = await this.check(def, ctx, file, name, lang);
    if (!errors.length) await admit(valid.map((v) => v.data));
    return this.previewOf(def, ctx, rows, errors, ignoredHeaders);
  }

  /** Every check of an import, in order: field rules, codes unique in the file and the tenant, references that exist. */
  private async check(def: EntityDef, ctx: RecordContext, file: Buffer, name: string, lang: Language) {
    const { rows, ignoredHeaders } = await parseImport(file, name, def, lang);
    return { ...(await this.checkRows(def, ctx, rows, lang)), rows, ignoredHeaders };
  }

  /** The rows of a spreadsheet as the import reads them (field key -> value), for a caller that checks them itself (material sync). */
  parse(def: EntityDef, file: Buffer, name: string, lang: Language) {
    return parseImport(file, name, def, lang);
  }

  /**
   * The import's checks over rows already read: field rules, codes unique in the rows, references
   * that exist; and codes the tenant holds already, refused (`existing: 'refuse'`, the import) or
   * matched to the record they name (`'update'`, material sync: `matched`, by code), `sameOwner`
   * saying whether the row may update that record (else the error it names).
   */
  async checkRows(
    def: EntityDef,
    ctx: RecordContext,
    rows: readonly { rowNumber: number; values: Record<string, unknown> }[],
    lang: Language,
    options: { existing?: 'refuse' | 'update'; sameOwner?: (stored: Record<string, unknown>, row: Record<string, unknown>) => { field: string; message: string } | undefined } = {},
  ) {
    const schema = dataSchemaOf(def);
    const errors: RowError[] = [];
    const valid: { row: number; data: Record<string, unknown> }[] = [];
    const matched = new Map<string, { id: string; version: number; data: Record<string, unknown> }>();
    for (const r of rows) {
      const parsed = schema.safeParse(r.values);
      if (!parsed.success) {
        for (const f of formatIssues(parsed.error.issues, def.name, lang, r.values)) errors.push({ row: r.rowNumber, field: f.field, message: f.message });
      } else valid.push({ row: r.rowNumber, data: parsed.data as Record<string, unknown> });
    }
    const label = (k: string) => translate(lang, `${def.name}.fields.${k}`);
    if (def.codeField) {
      const key = def.codeField;
      const seen = new Map<string, number>();
      for (const v of valid) {
        const code = String(v.data[key] ?? '');
        const first = seen.get(code);
        if (first !== undefined) errors.push({ row: v.row, field: key, message: translate(lang, 'errors.duplicateCode', { label: label(key), code }) + ` (${first})` });
        else seen.set(code, v.row);
      }
      const existing = await this.pool.query<{ id: string; code: string; version: number; data: Record<string, unknown> }>(
        `SELECT id, code, version, data FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = $2 AND NOT is_deleted AND code = ANY($3)`,
        [ctx.tenantId, def.name, [...seen.keys()]],
      );
      const taken = new Map(existing.rows.map((r) => [r.code, r]));
      for (const v of valid) {
        const code = String(v.data[key] ?? '');
        const stored = taken.get(code);
        if (!stored) continue;
        if (options.existing !== 'update') {
          errors.push({ row: v.row, field: key, message: translate(lang, 'errors.duplicateCode', { label: label(key), code }) });
          continue;
        }
        const refused = options.sameOwner?.(stored.data, v.data);
        if (refused) errors.push({ row: v.row, ...refused });
        else matched.set(code, { id: stored.id, version: stored.version, data: stored.data });
      }
    }
    // references: to live records of the tenant, not marked invalid (a tree may refer to a parent in the same file)
    const inFile = def.tree && def.codeField ? new Set(valid.map((v) => String(v.data[def.codeField!]))) : new Set<string>();
    const rowOf = new Map<ReferenceUse, number>();
    for (const v of valid) {
      for (const use of referenceUses(def, v.data)) {
        if (def.tree?.parentField === use.path[0] && inFile.has(use.code)) continue;
        rowOf.set(use, v.row);
      }
    }
    for (const p of await this.references.problems(ctx.tenantId, [...rowOf.keys()])) {
      const k = String(p.use.path[0]);
      errors.push({ row: rowOf.get(p.use)!, field: k, message: translate(lang, p.key, { label: label(k), code: p.use.code }) });
    }
    errors.sort((a, b) => a.row - b.row);
    return { valid, errors, matched };
  }

  /** The preview's answer from checked rows (the first PREVIEW_ROWS as read, secrets masked; errors kept for the report). */
  previewOf(def: EntityDef, ctx: RecordContext, rows: readonly { rowNumber: number; values: Record<string, unknown> }[], errors: RowError[], ignoredHeaders: string[]): ImportPreview {
    const errorRows = new Set(errors.map((e) => e.row)).size;
    const secret = new Set(Object.entries(def.fields).filter(([, f]) => f.kind === 'password').map(([k]) => k));
    return {
      preview: true,
      total: rows.length,
      rows: rows.slice(0, PREVIEW_ROWS).map((r) => ({ row: r.rowNumber, values: Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, secret.has(k) ? '******' : v])) })),
      valid: rows.length - errorRows,
      errors: errors.slice(0, MAX_ERRORS_SHOWN),
      errorTotal: errors.length,
      errorRows,
      ...(errors.length ? { reportId: this.keepReport(def, ctx, errors) } : {}),
      ignoredHeaders,
    };
  }

  /** The import's refusal of rows with errors: 400 naming the first, with the errors and their report. */
  refusal(def: EntityDef, ctx: RecordContext, errors: RowError[]): AppError {
    const reportId = this.keepReport(def, ctx, errors);
    const err = new AppError(400, 'errors.importFailed', { rows: new Set(errors.map((e) => e.row)).size, first: `${errors[0]!.row}: ${errors[0]!.message}` });
    err.data = { errors: errors.slice(0, MAX_ERRORS_SHOWN), total: errors.length, reportId };
    return err;
  }

  private keepReport(def: EntityDef, ctx: RecordContext, errors: RowError[]): string {
    const reportId = randomUUID();
    this.sweep();
    this.reports.set(reportId, { tenantId: ctx.tenantId, entity: def.name, errors, at: Date.now() });
    return reportId;
  }

  async report(def: EntityDef, tenantId: string, id: string, lang: Language): Promise<Buffer> {
    const r = this.reports.get(id);
    if (!r || r.tenantId !== tenantId || r.entity !== def.name) throw new AppError(404, 'errors.notFound');
    return reportWorkbook(r.errors, def, lang);
  }

  private parentsFirst(def: EntityDef, rows: Record<string, unknown>[]) {
    const code = def.codeField!;
    const parent = def.tree!.parentField;
    const byCode = new Map(rows.map((r) => [String(r[code]), r]));
    const out: Record<string, unknown>[] = [];
    const done = new Set<string>();
    const visit = (r: Record<string, unknown>, depth = 0) => {
      const c = String(r[code]);
      if (done.has(c) || depth > 50) return;
      const p = r[parent] !== undefined ? byCode.get(String(r[parent])) : undefined;
      if (p) visit(p, depth + 1);
      done.add(c);
      out.push(r);
    };
    for (const r of rows) visit(r);
    return out;
  }

  private sweep() {
    const now = Date.now();
    for (const [k, v] of this.reports) if (now - v.at > REPORT_TTL_MS) this.reports.delete(k);
  }
}
