import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { XLSX_MEDIA_TYPE, type RouteDef } from '../api/route';
import { documentImportPreviewSchema, documentImportQuerySchema, documentImportResultSchema } from './spreadsheet';
import type { FieldDef, Labels } from '../entities/define';
import { mulDecimal, sumDecimal } from '../validation/numbers';
import { validLinesOf } from './fields';
import {
  KIT_FACTS,
  documentActionSchemaOf,
  commandResultSchema,
  detailQuerySchema,
  documentSchemaOf,
  documentTargetSchema,
  historyEntrySchema,
  historyQuerySchema,
  documentListPageSchemaOf,
  documentListQuerySchemaOf,
  removeQuerySchema,
  documentSubmitInputSchemaOf,
  type ActionDef,
  type DocumentDef,
  type HeaderField,
  documentButtons,
} from './define';
import { L } from '../i18n/labels';

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** /api/<service>/<name> */
export const documentBase = (def: Pick<DocumentDef, 'service' | 'name'>) => `/api/${def.service}/${def.name}`;
/** The URL segment of an action: its name in kebab case (submitReview -> submit-review). */
export const actionPath = (action: string) => kebab(action);

/**
 * Every route of a document type, described once: the kit's controller validates with these
 * schemas, the OpenAPI document is generated from them and the console's client reads them.
 */
export const documentRoutesOf = (def: DocumentDef): Record<string, RouteDef> => {
  const base = documentBase(def);
  const tag = def.service.slice(3);
  const title = def.title[1];
  const result = envelopeSchema(commandResultSchema);
  const routes: Record<string, RouteDef> = {
    list: { method: 'GET', path: `${base}/list`, summary: `${title}: list, paged on the server with filters and sorts`, tag, query: documentListQuerySchemaOf(def), response: envelopeSchema(documentListPageSchemaOf(def)) },
    detail: { method: 'GET', path: `${base}/detail`, summary: `${title}: one document; with version=N, as it was after event N`, tag, query: detailQuerySchema, response: envelopeSchema(documentSchemaOf(def)) },
    history: { method: 'GET', path: `${base}/history`, summary: `${title}: every event of one document (type, version, actor, time, data)`, tag, query: historyQuerySchema, response: envelopeSchema(z.array(historyEntrySchema)) },
    submit: { method: 'POST', path: `${base}/submit`, summary: `${title}: create a draft (no id) or change one (id and expected version)`, tag, body: documentSubmitInputSchemaOf(def), response: result },
    remove: { method: 'POST', path: `${base}/remove`, summary: `${title}: remove documents (ids comma separated) where the lifecycle allows it`, tag, query: removeQuerySchema, response: envelopeSchema(z.array(commandResultSchema)) },
  };
  const buttons = documentButtons(def);
  routes.export = {
    method: 'GET',
    path: `${base}/export`,
    summary: `${title}: the list's documents (same filters, sort and data scope) as .xlsx, streamed: a sheet of headers and a sheet of lines keyed by bill number; file name in download-filename, count in x-total-rows; button ${buttons.export}`,
    tag,
    query: documentListQuerySchemaOf(def),
    response: z.null(),
    download: XLSX_MEDIA_TYPE,
  };
  if (def.import) {
    routes.template = { method: 'GET', path: `${base}/template`, summary: `${title}: the import template (.xlsx: header and line columns, notes, the cargo owners and materials by code with their names); button ${buttons.import}`, tag, response: z.null(), download: XLSX_MEDIA_TYPE };
    routes.import = {
      method: 'POST',
      path: `${base}/import`,
      summary: `${title}: import an .xlsx (multipart field file): one draft per customer bill number, each written whole or not at all; with preview=1 the rows, the documents they make and every row's errors, nothing written; button ${buttons.import}`,
      tag,
      upload: true,
      query: documentImportQuerySchema,
      response: envelopeSchema(z.union([documentImportResultSchema, documentImportPreviewSchema])),
    };
  }
  if (def.review) {
    routes.submitReview = { method: 'POST', path: `${base}/submit-review`, summary: `${title}: submit for review (id and expected version in query or body)`, tag, body: documentTargetSchema, response: result };
  }
  for (const [name, a] of Object.entries(def.actions)) {
    if (a.system) continue;
    routes[name] = { method: 'POST', path: `${base}/${actionPath(name)}`, summary: `${title}: ${a.label[1]} (id and expected version in query or body)`, tag, body: documentActionSchemaOf(def, name), response: result };
  }
  return routes;
};

// ------------------------------------------------------------------ labels

type Lang = 0 | 1 | 2;
const COMMON: Record<string, Labels> = {
  id: L('编号', 'ID', '編號'),
  billNo: L('单据编号', 'Bill number', '單據編號'),
  billType: L('单据类型', 'Bill type', '單據類型'),
  state: L('状态', 'State', '狀態'),
  isReview: L('审核', 'Review', '審核'),
  version: L('版本', 'Version', '版本'),
  remark: L('备注', 'Remark', '備註'),
  totals: L('合计', 'Totals', '合計'),
  createdBy: L('创建人', 'Created by', '建立人'),
  createdByName: L('创建人', 'Created by', '建立人'),
  createdAt: L('创建时间', 'Created at', '建立時間'),
  updatedBy: L('修改人', 'Updated by', '修改人'),
  updatedAt: L('修改时间', 'Updated at', '修改時間'),
  reviewedBy: L('审批人', 'Approver', '審批人'),
  reviewComment: L('审批意见', 'Review comment', '審批意見'),
  // what the review's facts carry (the history names them)
  approver: L('审批人', 'Approver', '審批人'),
  comment: L('审批意见', 'Comment', '審批意見'),
  processKey: L('审批流程', 'Review process', '審批流程'),
  instanceId: L('流程实例', 'Process instance', '流程實例'),
  ids: L('所选单据', 'Selected documents', '所選單據'),
  current: L('页码', 'Page', '頁碼'),
  size: L('每页条数', 'Page size', '每頁條數'),
  sort: L('排序', 'Sort', '排序'),
  order: L('顺序', 'Order', '順序'),
};
const KIT_ACTION_LABELS: Record<string, Labels> = {
  add: L('新增', 'New', '新增'),
  edit: L('编辑', 'Edit', '編輯'),
  remove: L('删除', 'Delete', '刪除'),
  submitReview: L('提交审批', 'Submit for review', '提交審批'),
  reviewApproved: L('审批通过', 'Review approved', '審批通過'),
  reviewRejected: L('审批驳回', 'Review rejected', '審批駁回'),
  export: L('导出', 'Export', '匯出'),
  import: L('导入', 'Import', '匯入'),
  print: L('打印', 'Print', '列印'),
};

/** How the history names the kit's own facts. */
const KIT_FACT_LABELS: Record<keyof typeof KIT_FACTS, Labels> = {
  created: L('创建', 'Created', '建立'),
  changed: L('修改', 'Changed', '修改'),
  removed: L('删除', 'Deleted', '刪除'),
  submittedForReview: L('提交审批', 'Submitted for review', '提交審批'),
  reviewed: L('审批通过', 'Review approved', '審批通過'),
  reviewRejected: L('审批驳回', 'Review rejected', '審批駁回'),
  repaired: L('数据修复', 'Data repaired', '數據修復'),
};

/**
 * Labels of the keys an action stamps with its time and its actor: Chinese says the action
 * (审核时间, 审核人), English the fact (Audited at, Audited by).
 */
const STAMP_LABELS = {
  at: [(action: string) => `${action}时间`, (fact: string) => `${fact} at`, (action: string) => `${action}時間`],
  by: [(action: string) => `${action}人`, (fact: string) => `${fact} by`, (action: string) => `${action}人`],
} as const;
/**
 * Who recorded a fact, when "<action>人" is already a field of the document (a signing's signer is
 * 签收人, the consignee's contact; the user who keyed the signing in is its 经办人), so two different
 * people never carry one label.
 */
const RECORDER_LABELS = [(action: string) => `${action}经办人`, (fact: string) => `${fact}: recorded by`, (action: string) => `${action}經辦人`] as const;

/** How the history names the fact of an action: its own label, else the state it leads to (the one state, when it moves), else the action's label. */
const factLabelOf = (def: DocumentDef, action: ActionDef): Labels => {
  if (action.factLabel) return action.factLabel;
  const targets = new Set<string>();
  const sources = new Set<string>();
  for (const [name, s] of Object.entries(def.lifecycle.states)) {
    const t = s.on?.[action.event];
    if (!t) continue;
    sources.add(name);
    targets.add(typeof t === 'string' ? t : t.target);
  }
  const [only] = [...targets];
  return targets.size === 1 && !sources.has(only!) ? def.lifecycle.states[only!]!.label : action.label;
};

/** A document key landed by an action (a field of its fact, its time, its actor), for the view. */
export type Landed = { action: string; key: string; kind: 'field' | 'at' | 'by'; field?: FieldDef };

/**
 * Where every action's fact lands on the folded document (ActionDef's Landing), in the order
 * of the actions: `dispatch.plateNo`, `dispatch.dispatchedAt`, `auditedAt`, `cancelReason`.
 * An approved review's stamps come last.
 */
export const documentLandings = (def: DocumentDef): Landed[] => {
  const out: Landed[] = [];
  for (const [name, a] of Object.entries(def.actions)) {
    for (const [k, f] of Object.entries(a.fields ?? {})) out.push({ action: name, key: a.into ? `${a.into}.${a.as?.[k] ?? k}` : (a.as?.[k] ?? k), kind: 'field', field: f });
    // the stamps are whole document keys (a dotted one lands inside `into`)
    if (a.at) out.push({ action: name, key: a.at, kind: 'at' });
    if (a.by) out.push({ action: name, key: a.by, kind: 'by' });
  }
  const approved = def.review?.approved;
  for (const [kind, key] of [['at', approved?.at], ['by', approved?.by]] as const) {
    if (key && !out.some((l) => l.key === key)) out.push({ action: 'reviewApproved', key, kind });
  }
  // several actions may land on one key (sign, sign partially and refuse each record the signer): a
  // document holds one value there, so it is named once, by the first action that lands on it
  return out.filter((l, i) => out.findIndex((o) => o.key === l.key) === i);
};

/** The fact an event type records (`ConsignmentDispatched` -> `Dispatched`), or undefined when it is not this type's. */
export const factOfEventType = (def: DocumentDef, type: string): string | undefined =>
  type.startsWith(def.streamType) ? type.slice(def.streamType.length) : undefined;

/** A console path of the document type (its description's routes), the id put in. */
export const documentPath = (def: DocumentDef, page: keyof DocumentDef['routes'], id?: string): string =>
  id === undefined ? def.routes[page] : def.routes[page].replace(':id', encodeURIComponent(id));

type Tree = { [key: string]: string | Tree };

/**
 * i18n resources of a document: `<name>.title`, `<name>.fields.<path>` (groups, lines and
 * action fields included), `<name>.states.<State>`, `<name>.actions.<action>`,
 * `enum.<name>.<field>.<value>`. Labels travel in the description, so none can be missing.
 */
export const documentResources = (def: DocumentDef, lang: Lang): { tree: Tree; enums: Tree } => {
  const fields: Record<string, string> = {};
  const enums: Tree = {};
  /** keep: a label already given for the key stays (an action's fields also go at the top level) */
  const walk = (prefix: string, fs: Record<string, HeaderField | FieldDef>, keep = false) => {
    for (const [k, f] of Object.entries(fs)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (keep) fields[key] ??= f.label[lang];
      else fields[key] = f.label[lang];
      if (f.kind === 'enum') {
        const labels = Object.fromEntries(Object.entries(f.valueLabels).map(([v, l]) => [v, l[lang]]));
        if (keep) enums[k] ??= labels;
        else enums[k] = labels;
      }
      if (f.kind === 'group' || f.kind === 'rows') walk(key, f.fields, keep);
    }
  };
  walk('', def.header);
  if (def.lines) {
    fields[def.lines.key] = def.lines.label[lang];
    walk(def.lines.key, def.lines.fields);
    for (const [k, t] of Object.entries(def.lines.totals ?? {})) fields[`totals.${k}`] = t.label[lang];
  }
  for (const a of Object.values(def.actions)) walk(a.into ?? '', a.fields ?? {});
  // an action's dialog and its validation name the fields at the top level too
  // (a rows field's own fields too: placements.lineNumber)
  for (const a of Object.values(def.actions)) walk('', a.fields ?? {}, true);
  // where facts land: under their key (the action names it), renamed, and the stamps of time and actor
  for (const a of Object.values(def.actions)) if (a.into) fields[a.into] ??= a.label[lang];
  for (const l of documentLandings(def)) {
    const action = def.actions[l.action];
    const said = action ? (lang === 1 ? factLabelOf(def, action) : action.label) : KIT_ACTION_LABELS.reviewApproved!;
    if (l.kind === 'field') fields[l.key] ??= l.field!.label[lang];
    else if (fields[l.key] === undefined) {
      const stamp = STAMP_LABELS[l.kind][lang](said[lang]);
      const taken = l.kind === 'by' && Object.entries(fields).some(([k, v]) => v === stamp && k !== l.key);
      fields[l.key] = taken ? RECORDER_LABELS[lang](said[lang]) : stamp;
    }
  }
  for (const c of def.list.columns) if (typeof c !== 'string' && c.label) fields[c.key] = c.label[lang];
  for (const f of def.list.filters) if (typeof f !== 'string' && f.label) fields[f.key] = f.label[lang];
  for (const [k, l] of Object.entries(COMMON)) fields[k] ??= l[lang];
  fields.billNo = def.billNo.serialName[lang];
  const states = Object.fromEntries(Object.entries(def.lifecycle.states).map(([s, d]) => [s, d.label[lang]]));
  const actions: Record<string, string> = Object.fromEntries(Object.entries(KIT_ACTION_LABELS).map(([a, l]) => [a, l[lang]]));
  for (const [a, d] of Object.entries(def.actions)) actions[a] = d.label[lang];
  const facts: Record<string, string> = Object.fromEntries(Object.entries(KIT_FACT_LABELS).map(([k, l]) => [KIT_FACTS[k as keyof typeof KIT_FACTS], l[lang]]));
  for (const a of Object.values(def.actions)) facts[a.fact] = factLabelOf(def, a)[lang];
  return { tree: { title: def.title[lang], fields, states, actions, facts }, enums };
};

/** Header totals summed over the lines, exactly (decimal, never binary floating point), at each total's scale. */
export const documentTotals = (def: DocumentDef, content: Record<string, unknown>): Record<string, number> => {
  // a line flagged invalid stays on the document but counts in no total
  const lines = validLinesOf((def.lines ? (content[def.lines.key] as Record<string, unknown>[] | undefined) : undefined) ?? []);
  const out: Record<string, number> = {};
  for (const [key, t] of Object.entries(def.lines?.totals ?? {})) {
    const scale = t.scale ?? 3;
    out[key] = t.times
      ? sumDecimal(lines.map((l) => [Number(l[t.of] ?? 0), Number(l[t.times!] ?? 0)] as const).filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b)).map(([a, b]) => mulDecimal(a, b, scale + 6)), scale)
      : sumDecimal(lines.map((l) => Number(l[t.of] ?? 0)).filter(Number.isFinite), scale);
  }
  return out;
};
