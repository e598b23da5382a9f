import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';
import type { EntityDef, FieldDef } from '../entities/define';
import type { DocumentDef, HeaderField } from '../documents/define';
import { labelIn, type Labels } from '../i18n/labels';
import type { Language } from '../i18n/languages';

/** One value of an enumeration, labelled in the three languages (a sysenum record's row has the same shape). */
export const enumValueSchema = z.object({ value: z.string(), zh: z.string(), en: z.string(), mo: z.string(), sort: z.number() });
/** An enumeration the descriptions define: `<entity or document>.<field>`, its name in the caller's language, its values. */
export const builtInEnumSchema = z.object({ code: z.string(), name: z.string(), items: z.array(enumValueSchema) });
export type BuiltInEnum = z.infer<typeof builtInEnumSchema>;

type Found = { code: string; owner: Labels; label: Labels; valueLabels: Record<string, Labels>; values: readonly string[] };

const walk = (owner: string, title: Labels, fields: Record<string, FieldDef | HeaderField>, prefix: string, out: Found[]) => {
  for (const [key, f] of Object.entries(fields)) {
    if (f.kind === 'enum') out.push({ code: `${owner}.${prefix}${key}`, owner: title, label: f.label, valueLabels: f.valueLabels, values: f.values });
    else if (f.kind === 'rows' || f.kind === 'group') walk(owner, title, f.fields, `${prefix}${key}.`, out);
  }
};

const all = (entities: readonly EntityDef[], documents: readonly DocumentDef[]): Found[] => {
  const out: Found[] = [];
  for (const e of entities) walk(e.name, e.title, e.fields, '', out);
  for (const d of documents) {
    walk(d.name, d.title, d.header, '', out);
    if (d.lines) walk(d.name, d.title, d.lines.fields, `${d.lines.key}.`, out);
  }
  return out.sort((a, b) => a.code.localeCompare(b.code));
};

/**
 * The enumerations the given entity and document descriptions define (a strategy's rule, a
 * terminal's device state…), read-only: what `sysenum` lists beside a tenant's own. `code`
 * narrows to one. The registries are passed in: a context's contracts do not import them.
 */
export const builtInEnums = (defs: { entities: readonly EntityDef[]; documents: readonly DocumentDef[] }, lang: Language, code?: string): BuiltInEnum[] =>
  all(defs.entities, defs.documents)
    .filter((f) => !code || f.code === code)
    .map((f) => ({
      code: f.code,
      name: `${labelIn(f.owner, lang)} · ${labelIn(f.label, lang)}`,
      items: f.values.map((v, i) => {
        const l = f.valueLabels[v] ?? ([v, v, v] as const);
        return { value: v, zh: l[0], en: l[1], mo: l[2], sort: i + 1 };
      }),
    }));

/** 内置枚举: the built-in enumerations' read-only page, beside the tenant's own (md_sysenum) in the basic data menu. */
export const SYSENUM_BUILTIN = { code: 'md_sysenum_builtin', name: '内置枚举', path: '/md/sysenumBuiltin', alias: 'sysenumBuiltin.title' } as const;

export const sysenumRoutes = defineRoutes({
  builtIn: {
    method: 'GET',
    path: '/api/bl-basic/sysenum/builtin',
    summary: 'The enumerations the descriptions define (read-only), each with its values labelled in zh, en and mo; `code` names one',
    tag: 'masterdata',
    query: z.object({ code: z.string().max(120).optional() }),
    response: envelopeSchema(z.array(builtInEnumSchema)),
  },
});
