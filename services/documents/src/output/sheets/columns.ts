import { L, LANGUAGES, fieldKey, labelIn, hasKey, translate, type FieldDef, type Labels, type Language } from '@tpl/contracts';

/**
 * What a sheet is made from: an entity's description (master data's records), or a document's
 * header and lines as the kit describes them (documents.xlsx.ts). `name` is the i18n prefix of the
 * labels (`<name>.fields.<key>`; a dotted key reaches into a group or the lines), `title` names the
 * sheet, `codeField` the column an example fills with a code; `remark: false` leaves out the remark
 * every record carries.
 */
export type SheetDef = {
  name: string;
  title: Labels;
  fields: Record<string, FieldDef>;
  codeField?: string | undefined;
  remark?: false;
};

export type XlsxColumn = {
  /** the field key (or 'remark') */
  key: string;
  /** the translated label, as written in the header row */
  header: string;
  /** Excel column width, in characters */
  width: number;
  kind: FieldDef['kind'];
};

export type ColumnOptions = {
  /** leave out `generated` fields, which the server fills (default false) */
  forImport?: boolean;
};

/** A column with the field description behind it. */
export type ResolvedColumn = XlsxColumn & { field: FieldDef };

const REMARK_LABEL: Labels = L('备注', 'Remark', '備註');
/** Every record carries a remark (define.ts dataSchemaOf): text up to 500. */
export const REMARK_FIELD: FieldDef = { kind: 'text', label: REMARK_LABEL, max: 500 };

/** A field's label: the i18n resource when the entity is registered, else the label in its description. */
export const fieldLabel = (def: SheetDef, path: readonly string[], field: FieldDef | undefined, lang: Language): string => {
  const key = fieldKey(def.name, path);
  if (hasKey(lang, key)) return translate(lang, key);
  if (field) return labelIn(field.label, lang);
  return path.join('.');
};

/** An enum value's label in `lang` (the raw value when it has none). */
export const enumLabel = (def: SheetDef, key: string, field: Extract<FieldDef, { kind: 'enum' }>, value: string, lang: Language): string => {
  const k = `enum.${def.name}.${key}.${value}`;
  if (hasKey(lang, k)) return translate(lang, k);
  return (field.valueLabels[value] ? labelIn(field.valueLabels[value], lang) : value);
};

/** An entity's title, used to word reference columns ("物料分类编码"). */
export const entityTitle = (entity: string, lang: Language): string => {
  const k = `${entity}.title`;
  return hasKey(lang, k) ? translate(lang, k) : entity;
};

/** Display width: CJK and other wide characters take two columns. */
export const displayWidth = (s: string): number => {
  let w = 0;
  for (const ch of s) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return w;
};

const baseWidth = (f: FieldDef): number => {
  switch (f.kind) {
    case 'text':
      return Math.min(40, Math.max(12, Math.ceil((f.max ?? 100) / 3)));
    case 'number':
      return 12;
    case 'flag':
      return 8;
    case 'enum':
      return 12;
    case 'dict':
      return 14;
    case 'date':
      return 12;
    case 'datetime':
      return 20;
    case 'ref':
      return f.multiple ? 24 : 16;
    case 'mobile':
    case 'plate':
      return 14;
    case 'idCard':
      return 22;
    case 'email':
      return 24;
    default:
      return 12;
  }
};

const exported = (f: FieldDef, forImport: boolean): boolean => f.kind !== 'rows' && f.kind !== 'password' && !(forImport && f.generated);

export const resolveColumns = (def: SheetDef, lang: Language, opts: ColumnOptions = {}): ResolvedColumn[] => {
  const forImport = opts.forImport ?? false;
  const entries: [string, FieldDef][] = Object.entries(def.fields).filter(([, f]) => exported(f, forImport));
  if (def.remark !== false && !('remark' in def.fields)) entries.push(['remark', REMARK_FIELD]);
  return entries.map(([key, field]) => {
    const header = fieldLabel(def, [key], field, lang);
    const width = Math.min(50, Math.max(baseWidth(field), displayWidth(header) + 2));
    return { key, header, width, kind: field.kind, field };
  });
};

/**
 * The spreadsheet columns of an entity: every field except nested rows and passwords
 * (and, for import, server-generated fields), then the remark.
 */
export const columnsFor = (def: SheetDef, lang: Language, opts: ColumnOptions = {}): XlsxColumn[] =>
  resolveColumns(def, lang, opts).map(({ key, header, width, kind }) => ({ key, header, width, kind }));

/** Header matching ignores case, surrounding spaces and '*' marks, and full-width forms (NFKC). */
export const normalizeHeader = (s: string): string =>
  s
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\*+\s*|\s*\*+$/g, '')
    .toLowerCase();

/**
 * Header text → column, for the labels in every language and the raw field key.
 * The caller's language wins where two columns would share a label.
 */
export const headerIndex = (def: SheetDef, lang: Language): Map<string, ResolvedColumn> => {
  const columns = resolveColumns(def, lang, { forImport: true });
  const index = new Map<string, ResolvedColumn>();
  const put = (text: string, col: ResolvedColumn) => {
    const k = normalizeHeader(text);
    if (k && !index.has(k)) index.set(k, col);
  };
  for (const col of columns) put(col.key, col);
  for (const l of [lang, ...LANGUAGES.filter((x) => x !== lang)]) {
    for (const col of columns) {
      put(fieldLabel(def, [col.key], col.field, l), col);
      put(labelIn(col.field.label, l), col);
    }
  }
  return index;
};
