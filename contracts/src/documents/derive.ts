import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import type { RouteDef } from '../api/route';
import type { FieldDef, Labels } from '../entities/define';
import { sumDecimal } from '../validation/numbers';
import {
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
  type DocumentDef,
  type HeaderField,
} from './define';

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
  id: ['编号', 'ID', '編號'],
  billNo: ['单据编号', 'Bill number', '單據編號'],
  billType: ['单据类型', 'Bill type', '單據類型'],
  state: ['状态', 'State', '狀態'],
  isReview: ['审核', 'Review', '審核'],
  version: ['版本', 'Version', '版本'],
  remark: ['备注', 'Remark', '備註'],
  totals: ['合计', 'Totals', '合計'],
  createdBy: ['创建人', 'Created by', '建立人'],
  createdByName: ['创建人', 'Created by', '建立人'],
  createdAt: ['创建时间', 'Created at', '建立時間'],
  updatedBy: ['修改人', 'Updated by', '修改人'],
  updatedAt: ['修改时间', 'Updated at', '修改時間'],
  reviewedBy: ['审批人', 'Approver', '審批人'],
  reviewComment: ['审批意见', 'Review comment', '審批意見'],
  ids: ['所选单据', 'Selected documents', '所選單據'],
  current: ['页码', 'Page', '頁碼'],
  size: ['每页条数', 'Page size', '每頁條數'],
  sort: ['排序', 'Sort', '排序'],
  order: ['顺序', 'Order', '順序'],
};
const KIT_ACTION_LABELS: Record<string, Labels> = {
  add: ['新增', 'New', '新增'],
  edit: ['编辑', 'Edit', '編輯'],
  remove: ['删除', 'Delete', '刪除'],
  submitReview: ['提交审批', 'Submit for review', '提交審批'],
  reviewApproved: ['审批通过', 'Review approved', '審批通過'],
  reviewRejected: ['审批驳回', 'Review rejected', '審批駁回'],
  export: ['导出', 'Export', '匯出'],
  print: ['打印', 'Print', '列印'],
};

type Tree = { [key: string]: string | Tree };

/**
 * i18n resources of a document: `<name>.title`, `<name>.fields.<path>` (groups, lines and
 * action fields included), `<name>.states.<State>`, `<name>.actions.<action>`,
 * `enum.<name>.<field>.<value>`. Labels travel in the description, so none can be missing.
 */
export const documentResources = (def: DocumentDef, lang: Lang): { tree: Tree; enums: Tree } => {
  const fields: Record<string, string> = {};
  const enums: Tree = {};
  const walk = (prefix: string, fs: Record<string, HeaderField | FieldDef>) => {
    for (const [k, f] of Object.entries(fs)) {
      const key = prefix ? `${prefix}.${k}` : k;
      fields[key] = f.label[lang];
      if (f.kind === 'enum') enums[k] = Object.fromEntries(Object.entries(f.valueLabels).map(([v, l]) => [v, l[lang]]));
      if (f.kind === 'group' || f.kind === 'rows') walk(key, f.fields);
    }
  };
  walk('', def.header);
  if (def.lines) {
    fields[def.lines.key] = def.lines.label[lang];
    walk(def.lines.key, def.lines.fields);
    for (const [k, t] of Object.entries(def.lines.totals ?? {})) fields[`totals.${k}`] = t.label[lang];
  }
  for (const a of Object.values(def.actions)) walk(a.into ?? '', a.fields ?? {});
  for (const c of def.list.columns) if (typeof c !== 'string' && c.label) fields[c.key] = c.label[lang];
  for (const f of def.list.filters) if (typeof f !== 'string' && f.label) fields[f.key] = f.label[lang];
  for (const [k, l] of Object.entries(COMMON)) fields[k] ??= l[lang];
  fields.billNo = def.billNo.serialName[lang];
  const states = Object.fromEntries(Object.entries(def.lifecycle.states).map(([s, d]) => [s, d.label[lang]]));
  const actions: Record<string, string> = Object.fromEntries(Object.entries(KIT_ACTION_LABELS).map(([a, l]) => [a, l[lang]]));
  for (const [a, d] of Object.entries(def.actions)) actions[a] = d.label[lang];
  return { tree: { title: def.title[lang], fields, states, actions }, enums };
};

/** Header totals summed over the lines, exactly (decimal, never binary floating point), at each total's scale. */
export const documentTotals = (def: DocumentDef, content: Record<string, unknown>): Record<string, number> => {
  const lines = (def.lines ? (content[def.lines.key] as Record<string, unknown>[] | undefined) : undefined) ?? [];
  const out: Record<string, number> = {};
  for (const [key, t] of Object.entries(def.lines?.totals ?? {})) {
    out[key] = sumDecimal(lines.map((l) => Number(l[t.of] ?? 0)).filter(Number.isFinite), t.scale ?? 3);
  }
  return out;
};
