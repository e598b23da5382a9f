import {
  DOCUMENT_MENU_GROUPS,
  documentButtons,
  documentByName,
  documentLandings,
  documentListRowKeysOf,
  documentListColumnsOf,
  documentListFiltersOf,
  documents,
  entityByName,
  fieldKey,
  type DocumentDef,
  type FieldDef,
  type HeaderField,
  type Labels,
} from '@tpl/contracts';
import { documentLifecycle } from '@tpl/workflows';
import { messages, type Messages } from '../../web/src/i18n/messages';

/**
 * Every document type of the registry is described completely: the console draws its screens
 * from the description alone (web/src/features/documents), so a label missing in one
 * language, an action leading nowhere or a reference to an entity nobody serves would show
 * up in front of a user. `problemsOf` lists what is wrong with one description; the registry
 * must have none, and a description broken on purpose shows that each check can fail.
 */
const LANGS = ['zh', 'en', 'mo'] as const;

type Problems = string[];

const labelled = (where: string, label: Labels | undefined, out: Problems) => {
  LANGS.forEach((lang, i) => {
    if (!label?.[i]?.trim()) out.push(`${where}: no ${lang} label`);
  });
};

/** Every field with its place in the document: header (groups dotted), lines, actions' fields. */
const fieldsOf = (def: DocumentDef): [string, FieldDef][] => {
  const out: [string, FieldDef][] = [];
  const walk = (prefix: string, fs: Record<string, HeaderField | FieldDef>) => {
    for (const [k, f] of Object.entries(fs)) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (f.kind === 'group') walk(path, f.fields);
      else out.push([path, f]);
    }
  };
  walk('', def.header);
  if (def.lines) walk(def.lines.key, def.lines.fields);
  for (const [name, a] of Object.entries(def.actions)) walk(`actions.${name}`, a.fields ?? {});
  return out;
};

/** What the description itself lacks (its labels, its lifecycle, its references). */
const problemsOf = (def: DocumentDef): Problems => {
  const out: Problems = [];
  labelled(`${def.name} title`, def.title, out);
  labelled(`${def.name} bill number`, def.billNo.serialName, out);
  for (const [key, f] of Object.entries(def.header)) if (f.kind === 'group') labelled(`group ${key}`, f.label, out);
  for (const [path, f] of fieldsOf(def)) {
    labelled(`field ${path}`, f.label, out);
    if (f.kind === 'enum') for (const v of f.values) labelled(`field ${path} value ${v}`, f.valueLabels[v], out);
    if (f.kind === 'ref' && !entityByName(f.entity)) out.push(`field ${path} refers to ${f.entity}, which is no registered entity`);
    if (f.kind === 'doc') {
      const target = documentByName(f.document);
      if (!target) out.push(`field ${path} picks a ${f.document}, which is no registered document`);
      for (const s of f.states ?? []) if (target && !target.lifecycle.states[s]) out.push(`field ${path} offers ${f.document} in state ${s}, which it does not have`);
    }
    // a line field picks among the lines of its own document
    if (f.kind === 'line' && !(def.lines && (f.key in def.lines.fields || f.key === 'lineNumber'))) out.push(`field ${path} picks lines by ${f.key}, which its lines do not have`);
  }
  if (def.lines) {
    labelled(`lines ${def.lines.key}`, def.lines.label, out);
    for (const [k, t] of Object.entries(def.lines.totals ?? {})) labelled(`total ${k}`, t.label, out);
  }
  for (const [name, s] of Object.entries(def.lifecycle.states)) labelled(`state ${name}`, s.label, out);
  for (const [name, a] of Object.entries(def.actions)) labelled(`action ${name}`, a.label, out);
  for (const c of def.list.columns) if (typeof c !== 'string' && c.label) labelled(`column ${c.key}`, c.label, out);

  // the machine built from the description: every action is taken somewhere, and leads to one of its states
  const states = new Set(Object.keys(def.lifecycle.states));
  try {
    const graph = documentLifecycle(def);
    for (const [name, a] of Object.entries(def.actions)) {
      const edges = graph.edges.filter((e) => e.event === a.event);
      if (!edges.length) out.push(`action ${name} (${a.event}) is allowed from no state`);
      for (const e of edges) if (!states.has(e.to)) out.push(`action ${name} leads from ${e.from} to ${e.to}, which is no state`);
    }
  } catch (error) {
    out.push(`the machine cannot be built: ${(error as Error).message}`);
  }
  for (const [name, s] of Object.entries(def.lifecycle.states)) {
    for (const [event, t] of Object.entries(s.on ?? {})) {
      const target = typeof t === 'string' ? t : t.target;
      if (!states.has(target)) out.push(`${name} --${event}--> ${target}, which is no state`);
    }
  }

  // what a picked reference fills comes from fields its entity has
  const fills: [string, FieldDef | undefined, Record<string, unknown> | undefined][] = [
    ...Object.entries(def.fills ?? {}).map(([k, fill]): [string, FieldDef | undefined, Record<string, unknown>] => {
      const [head, sub] = k.split('.');
      const f = def.header[head!];
      return [k, f?.kind === 'group' ? f.fields[sub!] : (f as FieldDef | undefined), fill.set];
    }),
    ...Object.entries(def.lines?.fills ?? {}).map(([k, fill]): [string, FieldDef | undefined, Record<string, unknown>] => [`${def.lines!.key}.${k}`, def.lines!.fields[k], fill.set]),
  ];
  for (const [key, f, set] of fills) {
    if (f?.kind === 'doc') {
      // a picked document fills from its list row: its columns, id and version
      const target = documentByName(f.document);
      const keys = new Set(target ? documentListRowKeysOf(target) : []);
      if (!target) out.push(`fills of ${key}: not a registered document`);
      for (const [t, source] of Object.entries(set ?? {})) for (const s of typeof source === 'string' ? [source] : (source as string[])) if (!keys.has(s)) out.push(`fills of ${key}: a ${f.document} list row has no ${s} (for ${t})`);
      continue;
    }
    const entity = f?.kind === 'ref' ? entityByName(f.entity) : undefined;
    if (!entity) {
      out.push(`fills of ${key}: not a reference to a registered entity`);
      continue;
    }
    for (const [target, source] of Object.entries(set ?? {})) {
      for (const s of typeof source === 'string' ? [source] : (source as string[])) {
        if (!(s in entity.fields)) out.push(`fills of ${key}: ${entity.name} has no field ${s} (for ${target})`);
      }
    }
  }

  // what a document is made from: registered types, in states they have
  for (const [source, how] of Object.entries(def.sources ?? {})) {
    const s = documentByName(source);
    if (!s) out.push(`made from ${source}, which is no registered document`);
    for (const state of how.states) if (s && !s.lifecycle.states[state]) out.push(`made from ${source} in state ${state}, which it does not have`);
    if (how.label) labelled(`source ${source} button`, how.label, out);
  }
  for (const [name, a] of Object.entries(def.actions)) {
    if (a.hint) labelled(`action ${name} hint`, a.hint, out);
    if (a.suggest) labelled(`action ${name} suggestion`, a.suggest.label, out);
  }

  if (!DOCUMENT_MENU_GROUPS[def.menu.parent]) out.push(`menu parent ${def.menu.parent} is no menu group`);
  for (const page of ['view', 'edit'] as const) if (!def.routes[page].includes(':id')) out.push(`route ${page} takes no :id`);
  const codes = Object.values(documentButtons(def));
  if (new Set(codes).size !== codes.length) out.push('two buttons share a code');
  return out;
};

const textAt = (tree: Messages, key: string): string | undefined => {
  let node: string | Messages | undefined = tree;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? node[part] : undefined;
  if (node && typeof node === 'object') node = node._;
  return typeof node === 'string' ? node : undefined;
};

/** The console's words for the description (what the screens look up), in every language. */
const missingWordsOf = (def: DocumentDef): Problems => {
  const keys = [
    `${def.name}.title`,
    ...fieldsOf(def)
      .filter(([path]) => !path.startsWith('actions.'))
      .map(([path]) => fieldKey(def.name, path.split('.'))),
    ...Object.keys(def.header).map((k) => fieldKey(def.name, [k])),
    ...Object.values(def.actions).flatMap((a) => Object.keys(a.fields ?? {}).map((k) => fieldKey(def.name, [k]))),
    // an action's rows are drawn in its dialog with their own fields' words (placements.lineNumber)
    ...Object.values(def.actions).flatMap((a) =>
      Object.entries(a.fields ?? {}).flatMap(([k, f]) => (f.kind === 'rows' ? Object.keys(f.fields).map((sub) => fieldKey(def.name, [k, sub])) : [])),
    ),
    ...(def.lines ? [fieldKey(def.name, [def.lines.key]), ...Object.keys(def.lines.totals ?? {}).map((k) => fieldKey(def.name, ['totals', k]))] : []),
    ...Object.keys(def.lifecycle.states).map((s) => `${def.name}.states.${s}`),
    ...Object.keys(documentButtons(def)).map((a) => `${def.name}.actions.${a}`),
    ...Object.values(def.actions).map((a) => `${def.name}.facts.${a.fact}`),
    ...['Created', 'Changed', 'Removed'].map((f) => `${def.name}.facts.${f}`),
    ...documentLandings(def).map((l) => fieldKey(def.name, l.key.split('.'))),
    ...documentListColumnsOf(def).map((c) => fieldKey(def.name, [c.key])),
    ...documentListFiltersOf(def).map((f) => fieldKey(def.name, [f.key])),
    ...['remark', 'createdBy', 'createdAt', 'updatedBy', 'updatedAt', 'createdByName', 'version', 'state', 'billNo'].map((k) => fieldKey(def.name, [k])),
  ];
  const out: Problems = [];
  for (const lang of LANGS) {
    for (const key of new Set(keys)) {
      const text = textAt(messages[lang], key);
      if (!text?.trim()) out.push(`${lang}: ${key}`);
    }
  }
  return out;
};

describe.each(documents.map((d) => [d.name, d] as const))('document description %s', (_name, def) => {
  it('labels every field, group, line, total, action and state in zh, en and mo; every action leads to a state of its machine; every reference names a registered entity', () => {
    expect(problemsOf(def)).toEqual([]);
  });

  it('gives the console every word its screens look up, in zh, en and mo', () => {
    expect(missingWordsOf(def)).toEqual([]);
  });
});

describe('the registry', () => {
  // spec 02: billType names a document type (a stock stream line's streamType is its causing bill's type)
  it('gives each bill type, bill-number prefix, serial code and stream type to one document only', () => {
    const dupes = (values: (string | number | undefined)[]) => values.filter((v, i) => v !== undefined && values.indexOf(v) !== i);
    expect(dupes(documents.map((d) => d.billType))).toEqual([]);
    expect(dupes(documents.map((d) => d.billNo.prefix))).toEqual([]);
    expect(dupes(documents.map((d) => d.billNo.serialCode))).toEqual([]);
    expect(dupes(documents.map((d) => d.streamType))).toEqual([]);
  });
});

describe('the completeness check', () => {
  const broken = {
    ...documents[0]!,
    name: 'broken',
    title: ['坏的', '', '壞的'],
    header: {
      ...documents[0]!.header,
      carrier: { kind: 'ref', label: ['承运商', 'Carrier', '承運商'], entity: 'nosuchentity' },
      applyNo: { kind: 'doc', label: ['订单', 'Order', '訂單'], document: 'osoutstockbill', states: ['Flying'] },
      line: { kind: 'line', label: ['行', 'Line', '行'], key: 'nosuchfield' },
    },
    sources: { nosuchdoc: { states: ['Draft'], copy: () => ({}) }, osoutstockbill: { states: ['Sailing'], copy: () => ({}) } },
    lifecycle: { initial: 'Draft', states: { Draft: { label: ['草稿', 'Draft', ''], on: { EDIT: 'Draft', SHIP: 'Draft' } } } },
    actions: { ship: { label: ['发运', 'Ship', '發運'], event: 'SHIP', fact: 'Shipped' }, fly: { label: ['飞', 'Fly', '飛'], event: 'FLY', fact: 'Flown' } },
    fills: { customerCode: { set: { 'consignor.name': 'nickname' } } },
    review: undefined,
  } as unknown as DocumentDef;

  it('names what a broken description lacks', () => {
    expect(problemsOf(broken)).toEqual(
      expect.arrayContaining([
        'broken title: no en label',
        'field carrier refers to nosuchentity, which is no registered entity',
        'state Draft: no mo label',
        'action fly (FLY) is allowed from no state',
        'fills of customerCode: customer has no field nickname (for consignor.name)',
        'field applyNo offers osoutstockbill in state Flying, which it does not have',
        'field line picks lines by nosuchfield, which its lines do not have',
        'made from nosuchdoc, which is no registered document',
        'made from osoutstockbill in state Sailing, which it does not have',
      ]),
    );
  });

  it('names a transition to a state the machine does not have', () => {
    const lost = { ...broken, name: 'lost', lifecycle: { initial: 'Draft', states: { Draft: { label: ['草稿', 'Draft', '草稿'], on: { SHIP: 'Shipped' } } } } } as DocumentDef;
    expect(problemsOf(lost)).toEqual(expect.arrayContaining(['Draft --SHIP--> Shipped, which is no state']));
    expect(problemsOf(lost).some((p) => p.startsWith('the machine cannot be built'))).toBe(true);
  });

  it('names the words the console lacks for a description it has not merged', () => {
    expect(missingWordsOf(broken)).toEqual(expect.arrayContaining(['zh: broken.title', 'en: broken.states.Draft', 'mo: broken.facts.Shipped']));
  });
});
