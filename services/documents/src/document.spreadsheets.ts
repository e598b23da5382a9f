import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ValidationError,
  documentSubmitSchemaOf,
  flatHeaderFields,
  hasKey,
  importKeyOf,
  labelIn,
  translate,
  type DocumentDef,
  type DocumentImportPreview,
  type DocumentImportResult,
  type ImportRowError,
  type KitDocument,
  type Language,
} from '@tpl/contracts';
import { businessDay, type OwnerScope, type RowScope } from '@tpl/identity';
import { DocumentCommands } from './document.commands';
import { DocumentService, type DocumentContext } from './document.service';
import { columnLabel, groupImportRows, headerRecordOf, headerSheetOf, importSheetOf, issueErrors, lineRecordsOf, linesSheetOf, type ImportBill } from './document.xlsx';
import { parseImport, streamWorkbook, templateWorkbook, type SheetSource } from './output/sheets';
import { REFERENCE_CHECK, REVIEW_POLICY, type NamedRecord, type ReferenceCheck, type ReviewPolicy } from './ports';

/** Documents one export writes at most (a larger one is narrowed by the list's filters first). */
export const MAX_EXPORT_DOCUMENTS = 20_000;
/** Documents folded at once while exporting. */
const FOLD_BATCH = 16;
/** Rows a preview lists (the errors are all listed). */
const PREVIEW_ROWS = 500;
/** Records a template's reference sheets list at most. */
const REFERENCE_ROWS = 5_000;

/** Thrown inside a preview's transaction once the create has been decided and appended: rolls it back. */
class DryRun extends Error {}

type LineRef = { key: string; entity: string; ownerParam?: string };

/**
 * A document list's spreadsheets (issue 30), for every document type: the export (the list's
 * documents in the caller's scope, a sheet of headers and a sheet of lines) and, for a type
 * described with `import`, the template, the preview and the import. The sheets are described in
 * document.xlsx.ts and written and read by the spreadsheet engine master data uses too
 * (output/sheets). Every document an import makes goes through the kit's command path
 * (DocumentCommands.create): the preview runs that same create in a transaction it rolls back,
 * so what it says is what the write will say.
 */
@Injectable()
export class DocumentSpreadsheets {
  constructor(
    @Inject(DocumentService) private readonly service: DocumentService,
    @Inject(DocumentCommands) private readonly commands: DocumentCommands,
    @Inject(REFERENCE_CHECK) private readonly references: ReferenceCheck,
    @Inject(REVIEW_POLICY) private readonly review: ReviewPolicy,
  ) {}

  // ------------------------------------------------------------------ export

  /** The list's documents (its filters and sort, the caller's scope) as a streamed workbook; the stream and how many documents it holds. */
  async exportStream(
    def: DocumentDef,
    tenantId: string,
    q: Record<string, unknown> & { sort: string; order: 'asc' | 'desc' },
    rows: RowScope,
    owners: OwnerScope,
    lang: Language,
  ): Promise<{ out: PassThrough; total: number }> {
    const ids = await this.service.listIds(def, tenantId, q, rows, owners, MAX_EXPORT_DOCUMENTS);
    const docs = () => this.folded(def, tenantId, ids);
    const sheets: SheetSource[] = [{ def: headerSheetOf(def), rows: mapAsync(docs(), (d) => [headerRecordOf(def, d)]) }];
    const lines = linesSheetOf(def);
    // the lines' sheet folds the documents again: two passes keep memory flat (a sheet is never held back)
    if (lines) sheets.push({ def: lines, rows: mapAsync(docs(), (d) => lineRecordsOf(def, d)) });
    const out = new PassThrough();
    void streamWorkbook(out, lang, sheets).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
    return { out, total: ids.length };
  }

  /** The documents, folded a few at a time, in the ids' order (one gone meanwhile is passed over). */
  private async *folded(def: DocumentDef, tenantId: string, ids: readonly string[]): AsyncGenerator<KitDocument> {
    for (let i = 0; i < ids.length; i += FOLD_BATCH) {
      const batch = await Promise.all(ids.slice(i, i + FOLD_BATCH).map((id) => this.service.detail(def, tenantId, id).catch(() => undefined)));
      for (const d of batch) if (d && !d.removed) yield d;
    }
  }

  // ------------------------------------------------------------------ template

  /**
   * The import template: the import's columns (header, then a line's) on the first sheet, the
   * notes (how rows make documents), and the cargo owners and their materials the user may name,
   * by code with their names.
   */
  async template(def: DocumentDef, tenantId: string, owners: OwnerScope, lang: Language): Promise<Buffer> {
    const t = (key: string, vars: Record<string, string | number> = {}) => translate(lang, key, vars);
    const keyField = importKeyOf(def) ?? 'sourceBillNo';
    const sheets: { name: string; headers: string[]; rows: (string | number | null)[][] }[] = [];
    const ownerEntity = this.ownerEntity(def);
    let ownerCodes: string[] | undefined = owners.all ? undefined : [...owners.customers];
    if (ownerEntity) {
      const listed = await this.references.listed(tenantId, ownerEntity, REFERENCE_ROWS, ownerCodes ? { field: 'code', values: ownerCodes } : undefined);
      const shown = ownerCodes ? listed.filter((r) => ownerCodes!.includes(r.code)) : listed;
      ownerCodes ??= shown.map((r) => r.code);
      sheets.push({ name: t('documents.xlsx.owners'), headers: [t('documents.xlsx.code'), t('documents.xlsx.name')], rows: shown.map((r) => [r.code, r.name]) });
    }
    for (const ref of this.lineRefs(def).filter((r) => r.ownerParam)) {
      const listed = await this.references.listed(tenantId, ref.entity, REFERENCE_ROWS, { field: ref.ownerParam!, values: ownerCodes ?? [] });
      sheets.push({
        name: t('documents.xlsx.materials'),
        headers: [t('documents.xlsx.ownerCode'), t('documents.xlsx.code'), t('documents.xlsx.name')],
        rows: listed.map((r) => [String(r.data[ref.ownerParam!] ?? ''), r.code, r.name]),
      });
    }
    return templateWorkbook(importSheetOf(def), lang, {
      notes: [t('documents.xlsx.keyNote', { key: columnLabel(def, keyField, lang) }), t('documents.xlsx.refNote')],
      sheets,
    });
  }

  /** The header's cargo owner reference (customerCode), when the type has one. */
  private ownerEntity(def: DocumentDef): string | undefined {
    const f = def.header.customerCode;
    return f && f.kind === 'ref' ? f.entity : undefined;
  }

  /** The lines' references; `ownerParam`: the record's field that must name the header's cargo owner (a material's custCode). */
  private lineRefs(def: DocumentDef): LineRef[] {
    if (!def.lines) return [];
    return Object.entries(def.lines.fields).flatMap(([k, f]) => {
      if (f.kind !== 'ref') return [];
      const ownerParam = Object.entries(f.pick ?? {}).find(([, v]) => v === '$customerCode')?.[0];
      return [{ key: k, entity: f.entity, ...(ownerParam ? { ownerParam } : {}) }];
    });
  }

  // ------------------------------------------------------------------ import

  /** What importing the file would make, nothing written: the rows, the documents, every row's errors, the names of the codes given. */
  async preview(def: DocumentDef, ctx: DocumentContext, owners: OwnerScope, file: Buffer, name: string, lang: Language): Promise<DocumentImportPreview> {
    const checked = await this.check(def, ctx, owners, file, name, lang);
    const errorRows = new Set(checked.errors.map((e) => e.row)).size;
    const keyOfRow = new Map<number, string>();
    for (const b of checked.bills) for (const r of b.rows) keyOfRow.set(r, b.key);
    const failing = new Set(checked.errors.map((e) => e.row));
    return {
      preview: true,
      total: checked.rows.length,
      rows: checked.rows.slice(0, PREVIEW_ROWS).map((r) => ({ row: r.rowNumber, key: keyOfRow.get(r.rowNumber) ?? '', values: r.values })),
      bills: checked.bills.map((b) => ({ key: b.key, rows: b.rows, lines: b.lineRows.length, ok: !b.rows.some((r) => failing.has(r)) })),
      errors: checked.errors,
      errorTotal: checked.errors.length,
      errorRows,
      names: checked.names,
      ignoredHeaders: checked.ignoredHeaders,
    };
  }

  /**
   * Imports the file: a file with any error writes nothing (400, the errors in the envelope's data);
   * else one draft per document, each through the kit's command path in its own transaction (a
   * document is written whole or not at all).
   */
  async import(def: DocumentDef, ctx: DocumentContext, owners: OwnerScope, file: Buffer, name: string, lang: Language): Promise<DocumentImportResult> {
    const checked = await this.check(def, ctx, owners, file, name, lang);
    if (checked.errors.length) {
      const first = checked.errors[0]!;
      const err = new AppError(400, 'errors.importFailed', { rows: new Set(checked.errors.map((e) => e.row)).size, first: `${first.row}: ${first.message}` });
      err.data = { errors: checked.errors.slice(0, 1000), total: checked.errors.length };
      throw err;
    }
    const documents: DocumentImportResult['documents'] = [];
    let lines = 0;
    for (const bill of checked.bills) {
      try {
        const made = await this.commands.create(def, ctx, bill.content, randomUUID(), { fresh: true });
        documents.push({ key: bill.key, id: made.id, billNo: made.billNo });
        lines += bill.lineRows.length;
      } catch (e) {
        // what was written stays written (each document whole); the answer says which one stopped the import
        const message = e instanceof AppError ? this.messageOf(e, def, lang) : String(e);
        const stop = new AppError(409, 'documents.import.failed', {
          key: columnLabel(def, importKeyOf(def) ?? 'sourceBillNo', lang),
          value: bill.key,
          message,
        });
        stop.data = { documents };
        throw stop;
      }
    }
    return { imported: documents.length, lines, documents };
  }

  /** Every check of an import, in order: the file's rows, the documents they make, each one's content, owner, codes, and the kit's own create. */
  private async check(def: DocumentDef, ctx: DocumentContext, owners: OwnerScope, file: Buffer, name: string, lang: Language) {
    const { rows, ignoredHeaders } = await parseImport(file, name, importSheetOf(def), lang);
    const { bills, orphans } = groupImportRows(def, rows, lang, businessDay(new Date()));
    const errors: ImportRowError[] = [...orphans];
    const names = await this.namesOf(def, ctx.tenantId, bills);
    const existing = await this.existing(def, ctx.tenantId, bills);
    const schema = documentSubmitSchemaOf(def);
    const keyLabel = columnLabel(def, importKeyOf(def) ?? 'sourceBillNo', lang);
    for (const bill of bills) {
      const own: ImportRowError[] = [...bill.errors];
      const customer = typeof bill.content.customerCode === 'string' ? bill.content.customerCode : '';
      if (!owners.all && !owners.customers.includes(customer)) own.push({ row: bill.rows[0]!, field: 'customerCode', message: translate(lang, 'documents.import.ownerForbidden', { code: customer }) });
      const twin = existing.find((x) => x.value === bill.key && (x.customerCode ?? '') === customer);
      if (twin) own.push({ row: bill.rows[0]!, field: importKeyOf(def) ?? 'sourceBillNo', message: translate(lang, 'documents.import.exists', { key: keyLabel, value: bill.key, title: labelIn(def.title, lang), billNo: twin.billNo }) });
      const parsed = schema.safeParse(bill.content);
      if (!parsed.success) own.push(...issueErrors(def, bill, parsed.error.issues, lang));
      else {
        own.push(...this.ownerMismatches(def, bill, names.records, lang));
        if (!own.length) own.push(...(await this.dryRun(def, ctx, bill, parsed.data.content, lang)));
      }
      errors.push(...own);
    }
    errors.sort((a, b) => a.row - b.row);
    return { rows, bills, errors, ignoredHeaders, names: names.shown };
  }

  /** The live documents the file would make again (the same customer bill number of the same owner, not cancelled). */
  private existing(def: DocumentDef, tenantId: string, bills: readonly ImportBill[]) {
    const cancelled = Object.keys(def.lifecycle.states).filter((s) => s === 'Cancelled');
    return this.service.byListValue(def, tenantId, importKeyOf(def) ?? 'sourceBillNo', bills.map((b) => b.key), cancelled);
  }

  /** The names of every code the rows give, by entity (shown beside the codes), and the records behind them. */
  private async namesOf(def: DocumentDef, tenantId: string, bills: readonly ImportBill[]) {
    const refs: { get: (b: ImportBill) => unknown[]; entity: string }[] = [];
    for (const [k, f] of flatHeaderFields(def)) if (f.kind === 'ref') refs.push({ entity: f.entity, get: (b) => [valueIn(b.content, k)] });
    for (const r of this.lineRefs(def)) refs.push({ entity: r.entity, get: (b) => linesIn(def, b.content).map((l) => l[r.key]) });
    const codes = new Map<string, Set<string>>();
    for (const ref of refs) {
      const set = codes.get(ref.entity) ?? new Set<string>();
      for (const b of bills) for (const v of ref.get(b)) if (typeof v === 'string' && v) set.add(v);
      codes.set(ref.entity, set);
    }
    const records = new Map<string, Map<string, NamedRecord>>();
    const shown: Record<string, Record<string, string>> = {};
    for (const [entity, set] of codes) {
      const found = await this.references.named(tenantId, entity, [...set]);
      records.set(entity, found);
      shown[entity] = Object.fromEntries([...found].map(([code, r]) => [code, r.name]));
    }
    return { records, shown };
  }

  /** A line naming a record of another cargo owner (a material of another customer): an error on the line's row. */
  private ownerMismatches(def: DocumentDef, bill: ImportBill, records: Map<string, Map<string, NamedRecord>>, lang: Language): ImportRowError[] {
    const out: ImportRowError[] = [];
    const owner = typeof bill.content.customerCode === 'string' ? bill.content.customerCode : '';
    linesIn(def, bill.content).forEach((line, i) => {
      for (const ref of this.lineRefs(def).filter((r) => r.ownerParam)) {
        const code = line[ref.key];
        const record = typeof code === 'string' ? records.get(ref.entity)?.get(code) : undefined;
        if (!record) continue; // a code naming no record: the kit's reference check says so
        const of = record.data[ref.ownerParam!];
        if (of !== undefined && of !== null && of !== '' && String(of) !== owner) {
          out.push({
            row: bill.lineRows[i] ?? bill.rows[0]!,
            field: `${def.lines!.key}.${ref.key}`,
            message: translate(lang, 'documents.import.notOwners', { label: columnLabel(def, `${def.lines!.key}.${ref.key}`, lang), code: String(code), owner }),
          });
        }
      }
    });
    return out;
  }

  /** The kit's create of the document (references, defaults from master data, its decisions, the machine), in a transaction rolled back. */
  private async dryRun(def: DocumentDef, ctx: DocumentContext, bill: ImportBill, content: Record<string, unknown>, lang: Language): Promise<ImportRowError[]> {
    // asked before the transaction: the policy reads outside it, and the embedded store's one
    // connection is the transaction's until it ends
    const isReview = def.review ? await this.review.isReviewFor(ctx.tenantId, def.name) : 0;
    try {
      await this.service.transaction(async (uow) => {
        await this.commands.create(def, ctx, content, randomUUID(), { fresh: true, isReview }, uow);
        throw new DryRun();
      });
    } catch (e) {
      if (e instanceof DryRun) return [];
      if (e instanceof ValidationError) return issueErrors(def, { ...bill, content }, e.issues, lang);
      if (e instanceof AppError) return [{ row: bill.rows[0]!, field: '', message: this.messageOf(e, def, lang) }];
      throw e;
    }
    return [];
  }

  /** An error's message in the user's language, as the envelope words it. */
  private messageOf(e: AppError, def: DocumentDef, lang: Language): string {
    if (e instanceof ValidationError) return issueErrorsMessage(def, e, lang);
    const vars: Record<string, string | number> = { ...e.vars };
    for (const [n, key] of Object.entries(e.keyVars)) vars[n] = translate(lang, key);
    return hasKey(lang, e.key) ? translate(lang, e.key, vars) : e.message;
  }
}

const issueErrorsMessage = (def: DocumentDef, e: ValidationError, lang: Language) =>
  issueErrors(def, { rows: [0], lineRows: [], content: (e.input ?? {}) as Record<string, unknown> }, e.issues, lang)
    .map((x) => x.message)
    .join('; ');

const valueIn = (content: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((node, p) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[p] : undefined), content);

const linesIn = (def: DocumentDef, content: Record<string, unknown>): Record<string, unknown>[] =>
  (def.lines ? (content[def.lines.key] as Record<string, unknown>[] | undefined) : undefined) ?? [];

async function* mapAsync<T, U>(source: AsyncIterable<T>, f: (t: T) => U[]): AsyncGenerator<U> {
  for await (const t of source) yield* f(t);
}
