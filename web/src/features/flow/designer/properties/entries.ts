import { h, type ComponentChildren } from '@bpmn-io/properties-panel/preact';
import { useEffect, useMemo, useState } from '@bpmn-io/properties-panel/preact/hooks';
import { useService } from 'bpmn-js-properties-panel';
import { checkCondition } from '@tpl/workflows';
import { i18n } from '../../../../i18n';
import { documentFields, fromExpression, operators, toExpression, type ConditionModel, type ConditionRow, type Joiner, type Operator } from '../conditions';
import { durationUnits, fromIsoDuration, parseDuration, toIsoDuration, type DurationUnit } from '../duration';
import { isVariable, joinList, splitList, type Directory, type PickOption } from './directory';

/**
 * The entries of our properties-panel groups, as Preact components (the panel renders
 * with Preact; these run inside it, not inside React). They read and write the element
 * through bpmn-js's modeling service, so every change is one undoable command.
 */
type BusinessObject = { $type: string; id: string; get(name: string): unknown; [key: string]: unknown };
export type DiagramElement = { id: string; type: string; businessObject: BusinessObject };
type Modeling = {
  updateProperties(element: DiagramElement, props: Record<string, unknown>): void;
  updateModdleProperties(element: DiagramElement, target: unknown, props: Record<string, unknown>): void;
};
type BpmnFactory = { create(type: string, attrs?: Record<string, unknown>): unknown };
type Canvas = { getRootElement(): DiagramElement };

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`flow.designer.props.${key}`, options);

const entry = (id: string, label: string, ...children: ComponentChildren[]) =>
  h('div', { class: 'bio-properties-panel-entry tpl-entry', 'data-entry-id': id }, h('label', { class: 'bio-properties-panel-label' }, label), ...children);

/** Loads once per mount; the directory caches across entries. */
const useLoaded = <T>(load: () => Promise<T>, deps: unknown[], initial: T): T => {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let live = true;
    load().then(
      (v) => live && setValue(v),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
};

const useDirectory = (): Directory => useService('config.tplDirectory') as Directory;

const attribute = (element: DiagramElement, name: string): string => {
  const v = element.businessObject.get(`tpl:${name}`);
  return typeof v === 'string' ? v : '';
};

// ---- people: assignee (one), candidate users (many), candidate roles (many)

const Tag = ({ label, onRemove, testId }: { label: string; onRemove: () => void; testId: string }) =>
  h(
    'span',
    { class: 'tpl-tag', 'data-testid': testId },
    label,
    h('button', { type: 'button', class: 'tpl-tag-remove', title: t('remove'), onClick: onRemove, 'data-testid': `${testId}-remove` }, '×'),
  );

const labelOf = (item: string, options: PickOption[]) => {
  if (isVariable(item)) return item === '${initiator}' ? t('initiator') : item;
  const o = options.find((x) => x.value === item);
  return o ? `${o.label} (${o.value})` : item;
};

/** An account or ${variable} picker: users of the tenant in a list, or a variable typed in. */
const PeopleEntry = (props: { element: DiagramElement; id: string; attr: 'assignee' | 'candidateUsers'; single: boolean }) => {
  const { element, id, attr, single } = props;
  const modeling = useService('modeling') as Modeling;
  const directory = useDirectory();
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const users = useLoaded(() => directory.users(keyword), [keyword], [] as PickOption[]);
  const items = splitList(attribute(element, attr));
  const write = (next: string[]) => modeling.updateProperties(element, { [`tpl:${attr}`]: joinList(single ? next.slice(-1) : next) });
  const add = (value: string) => {
    const v = value.trim();
    if (!v) return;
    write(single ? [v] : [...items, v]);
  };
  const options = [{ value: '${initiator}', label: t('initiator') }, ...users.filter((u) => !items.includes(u.value))];
  return entry(
    id,
    t(attr),
    h(
      'div',
      { class: 'tpl-tags', 'data-testid': `tpl-${attr}-value` },
      items.length ? items.map((item) => h(Tag, { label: labelOf(item, users), testId: `tpl-${attr}-tag-${item}`, onRemove: () => write(items.filter((x) => x !== item)) })) : h('span', { class: 'tpl-empty' }, t('none')),
    ),
    h('input', {
      class: 'bio-properties-panel-input',
      placeholder: t('searchUser'),
      value: keyword,
      'data-testid': `tpl-${attr}-search`,
      onInput: (e: Event) => setKeyword((e.target as HTMLInputElement).value),
    }),
    h(
      'select',
      {
        class: 'bio-properties-panel-input',
        'data-testid': `tpl-${attr}-select`,
        value: '',
        onChange: (e: Event) => {
          const select = e.target as HTMLSelectElement;
          add(select.value);
          select.value = '';
        },
      },
      h('option', { value: '' }, single ? t('chooseAssignee') : t('addUser')),
      ...options.map((o) => h('option', { value: o.value }, o.value.startsWith('${') ? o.label : `${o.label} (${o.value})`)),
    ),
    h(
      'div',
      { class: 'tpl-row' },
      h('input', {
        class: 'bio-properties-panel-input',
        placeholder: t('variablePlaceholder'),
        value: typed,
        'data-testid': `tpl-${attr}-typed`,
        onInput: (e: Event) => setTyped((e.target as HTMLInputElement).value),
      }),
      h(
        'button',
        {
          type: 'button',
          class: 'tpl-button',
          'data-testid': `tpl-${attr}-add`,
          onClick: () => {
            add(typed);
            setTyped('');
          },
        },
        t('add'),
      ),
    ),
    h('div', { class: 'bio-properties-panel-description' }, t(`${attr}Help`)),
  );
};

const RolesEntry = (props: { element: DiagramElement; id: string }) => {
  const { element, id } = props;
  const modeling = useService('modeling') as Modeling;
  const directory = useDirectory();
  const roles = useLoaded(() => directory.roles(), [], [] as PickOption[]);
  const chosen = splitList(attribute(element, 'candidateRoles'));
  // a role alias typed in the XML but unknown here stays visible, so saving never drops it
  const all = [...roles, ...chosen.filter((c) => !roles.some((r) => r.value === c)).map((c) => ({ value: c, label: c }))];
  const toggle = (value: string, on: boolean) =>
    modeling.updateProperties(element, { 'tpl:candidateRoles': joinList(on ? [...chosen, value] : chosen.filter((c) => c !== value)) });
  return entry(
    id,
    t('candidateRoles'),
    h(
      'div',
      { class: 'tpl-checks' },
      all.map((r) =>
        h(
          'label',
          { class: 'tpl-check' },
          h('input', {
            type: 'checkbox',
            checked: chosen.includes(r.value),
            'data-testid': `tpl-role-${r.value}`,
            onChange: (e: Event) => toggle(r.value, (e.target as HTMLInputElement).checked),
          }),
          r.label === r.value ? ` ${r.label}` : ` ${r.label} (${r.value})`,
        ),
      ),
    ),
    h('div', { class: 'bio-properties-panel-description' }, t('candidateRolesHelp')),
  );
};

// ---- form key and document type: one of the reviewable document types (or a deploy form's key, kept as typed)

const documentTypes = ['consignment', 'leave'] as const;

const ChoiceEntry = (props: { element: DiagramElement; id: string; attr: 'formKey' | 'documentType'; moddleTarget?: BusinessObject }) => {
  const { element, id, attr, moddleTarget } = props;
  const modeling = useService('modeling') as Modeling;
  const read = moddleTarget ? moddleTarget.get(`tpl:${attr}`) : element.businessObject.get(`tpl:${attr}`);
  const current = typeof read === 'string' ? read : '';
  const choices = [...documentTypes, ...(current && !(documentTypes as readonly string[]).includes(current) ? [current] : [])];
  const write = (value: string) => {
    const props = { [`tpl:${attr}`]: value || undefined };
    // a pool's process is not the element itself: write to it as a moddle element
    if (moddleTarget) modeling.updateModdleProperties(element, moddleTarget, props);
    else modeling.updateProperties(element, props);
  };
  return entry(
    id,
    t(attr),
    h(
      'select',
      {
        class: 'bio-properties-panel-input',
        'data-testid': `tpl-${attr}`,
        value: current,
        onChange: (e: Event) => write((e.target as HTMLSelectElement).value),
      },
      h('option', { value: '' }, t('none')),
      ...choices.map((c) => h('option', { value: c }, i18n.t(`enum.reviewDocumentType.${c}`, { defaultValue: c }))),
    ),
    h('div', { class: 'bio-properties-panel-description' }, t(`${attr}Help`)),
  );
};

// ---- conditions of sequence flows

/** The document type of the process the flow belongs to (conditions read its fields). */
const processOf = (element: DiagramElement, canvas: Canvas): BusinessObject | undefined => {
  let bo: BusinessObject | undefined = element.businessObject;
  while (bo && bo.$type !== 'bpmn:Process') bo = bo.$parent as BusinessObject | undefined;
  if (bo) return bo;
  const root = canvas.getRootElement().businessObject;
  return root.$type === 'bpmn:Process' ? root : ((root.processRef as BusinessObject | undefined) ?? undefined);
};

const ConditionEntry = (props: { element: DiagramElement; id: string }) => {
  const { element, id } = props;
  const modeling = useService('modeling') as Modeling;
  const bpmnFactory = useService('bpmnFactory') as BpmnFactory;
  const canvas = useService('canvas') as Canvas;
  const expression = ((element.businessObject.conditionExpression as { body?: string } | undefined)?.body ?? '').trim();
  const documentType = processOf(element, canvas)?.get('tpl:documentType') as string | undefined;
  const fields = useMemo(() => documentFields(documentType), [documentType]);
  const parsed = fromExpression(expression);
  const [textMode, setTextMode] = useState(parsed === undefined);
  const [draft, setDraft] = useState(expression);
  useEffect(() => setDraft(expression), [expression]);

  const write = (text: string) => {
    const body = text.trim();
    modeling.updateProperties(element, { conditionExpression: body ? bpmnFactory.create('bpmn:FormalExpression', { body }) : undefined });
  };
  const model: ConditionModel = parsed ?? { joiner: 'and', rows: [] };
  const writeModel = (next: ConditionModel) => write(toExpression(next, fields));
  const setRow = (i: number, row: Partial<ConditionRow>) => writeModel({ ...model, rows: model.rows.map((r, k) => (k === i ? { ...r, ...row } : r)) });
  const check = draft.trim() ? checkCondition(draft) : { ok: true as const };

  const rowsEditor = () => [
    h(
      'div',
      { class: 'tpl-row' },
      h('span', null, t('joinerLabel')),
      h(
        'select',
        {
          class: 'bio-properties-panel-input',
          value: model.joiner,
          'data-testid': 'tpl-condition-joiner',
          onChange: (e: Event) => writeModel({ ...model, joiner: (e.target as HTMLSelectElement).value as Joiner }),
        },
        h('option', { value: 'and' }, t('joinerAnd')),
        h('option', { value: 'or' }, t('joinerOr')),
      ),
    ),
    ...model.rows.map((row, i) => {
      const field = fields.find((f) => f.path === row.field);
      return h(
        'div',
        { class: 'tpl-condition-row', 'data-testid': `tpl-condition-row-${i}` },
        h(
          'select',
          { class: 'bio-properties-panel-input', value: row.field, 'data-testid': `tpl-condition-field-${i}`, onChange: (e: Event) => setRow(i, { field: (e.target as HTMLSelectElement).value }) },
          ...[...fields.map((f) => f.path), ...(field || !row.field ? [] : [row.field])].map((path) =>
            h('option', { value: path }, fieldLabel(documentType, path)),
          ),
        ),
        h(
          'select',
          { class: 'bio-properties-panel-input tpl-op', value: row.op, 'data-testid': `tpl-condition-op-${i}`, onChange: (e: Event) => setRow(i, { op: (e.target as HTMLSelectElement).value as Operator }) },
          ...operators.map((op) => h('option', { value: op }, t(`op.${opKey(op)}`))),
        ),
        field?.kind === 'enum' && row.op !== 'in'
          ? h(
              'select',
              { class: 'bio-properties-panel-input', value: row.value, 'data-testid': `tpl-condition-value-${i}`, onChange: (e: Event) => setRow(i, { value: (e.target as HTMLSelectElement).value }) },
              h('option', { value: '' }, ''),
              ...(field.options ?? []).map((o) => h('option', { value: String(o) }, enumLabel(documentType, row.field, o))),
            )
          : h('input', {
              class: 'bio-properties-panel-input',
              value: row.value,
              type: field?.kind === 'number' && row.op !== 'in' ? 'number' : 'text',
              placeholder: row.op === 'in' ? t('listPlaceholder') : '',
              'data-testid': `tpl-condition-value-${i}`,
              onChange: (e: Event) => setRow(i, { value: (e.target as HTMLInputElement).value }),
            }),
        h('button', { type: 'button', class: 'tpl-button', title: t('remove'), 'data-testid': `tpl-condition-remove-${i}`, onClick: () => writeModel({ ...model, rows: model.rows.filter((_, k) => k !== i) }) }, '×'),
      );
    }),
    h(
      'button',
      {
        type: 'button',
        class: 'tpl-button',
        'data-testid': 'tpl-condition-add',
        onClick: () => writeModel({ ...model, rows: [...model.rows, { field: fields[0]?.path ?? 'initiator', op: '==', value: '' }] }),
      },
      t('addCondition'),
    ),
  ];

  const textEditor = () => [
    h('textarea', {
      class: 'bio-properties-panel-input tpl-expression',
      rows: 3,
      value: draft,
      'data-testid': 'tpl-condition-text',
      onInput: (e: Event) => setDraft((e.target as HTMLTextAreaElement).value),
      onBlur: () => check.ok && draft.trim() !== expression && write(draft),
    }),
    !check.ok ? h('div', { class: 'bio-properties-panel-error', 'data-testid': 'tpl-condition-error' }, t('conditionInvalid', { error: check.error })) : null,
  ];

  return entry(
    id,
    t('condition'),
    h('div', { class: 'bio-properties-panel-description' }, documentType ? t('conditionOver', { type: i18n.t(`enum.reviewDocumentType.${documentType}`, { defaultValue: documentType }) }) : t('conditionNoType')),
    ...(textMode ? textEditor() : rowsEditor()),
    h('code', { class: 'tpl-expression-preview', 'data-testid': 'tpl-condition-expression' }, expression || t('noCondition')),
    h(
      'button',
      {
        type: 'button',
        class: 'tpl-link',
        'data-testid': 'tpl-condition-mode',
        // back to rows only when the text says what rows can
        disabled: textMode && fromExpression(draft) === undefined,
        onClick: () => setTextMode(!textMode),
      },
      textMode ? t('editAsRows') : t('editAsText'),
    ),
  );
};

const opKey = (op: Operator) => ({ '==': 'eq', '!=': 'ne', '>': 'gt', '>=': 'ge', '<': 'lt', '<=': 'le', in: 'in' })[op];

export const fieldLabel = (documentType: string | undefined, path: string): string => {
  if (path === 'initiator') return t('initiator');
  const own = documentType ? i18n.t(`${documentType}.fields.${path}`, { defaultValue: '' }) : '';
  return own || i18n.t(`flow.designer.fields.${path.replace(/\./g, '_')}`, { defaultValue: path });
};

const enumLabel = (documentType: string | undefined, path: string, value: string | number): string =>
  i18n.t(`enum.${path}.${value}`, { defaultValue: documentType ? i18n.t(`enum.${documentType}${path[0]!.toUpperCase()}${path.slice(1)}.${value}`, { defaultValue: String(value) }) : String(value) });

// ---- timers on boundary events: escalate after a duration

type TimerDefinition = { timeDuration?: { body?: string }; timeDate?: unknown; timeCycle?: unknown };

const DurationEntry = (props: { element: DiagramElement; id: string; timer: TimerDefinition }) => {
  const { element, id, timer } = props;
  const modeling = useService('modeling') as Modeling;
  const bpmnFactory = useService('bpmnFactory') as BpmnFactory;
  const value = timer.timeDuration?.body?.trim() ?? '';
  const simple = fromIsoDuration(value);
  const [amount, setAmount] = useState(String(simple?.amount ?? ''));
  const [unit, setUnit] = useState<DurationUnit>(simple?.unit ?? 'hours');
  useEffect(() => {
    const s = fromIsoDuration(value);
    if (s) {
      setAmount(String(s.amount));
      setUnit(s.unit);
    }
  }, [value]);
  const write = (a: string, u: DurationUnit) => {
    const n = Number(a);
    if (!Number.isFinite(n) || n < 1) return;
    modeling.updateModdleProperties(element, timer, {
      timeDuration: bpmnFactory.create('bpmn:FormalExpression', { body: toIsoDuration({ amount: n, unit: u }) }),
      timeDate: undefined,
      timeCycle: undefined,
    });
  };
  return entry(
    id,
    t('escalateAfter'),
    h(
      'div',
      { class: 'tpl-row' },
      h('input', {
        class: 'bio-properties-panel-input',
        type: 'number',
        min: 1,
        value: amount,
        'data-testid': 'tpl-timer-amount',
        onInput: (e: Event) => setAmount((e.target as HTMLInputElement).value),
        onChange: (e: Event) => write((e.target as HTMLInputElement).value, unit),
      }),
      h(
        'select',
        {
          class: 'bio-properties-panel-input',
          value: unit,
          'data-testid': 'tpl-timer-unit',
          onChange: (e: Event) => {
            const u = (e.target as HTMLSelectElement).value as DurationUnit;
            setUnit(u);
            write(amount, u);
          },
        },
        ...durationUnits.map((u) => h('option', { value: u }, t(`unit.${u}`))),
      ),
    ),
    value && !simple ? h('div', { class: 'bio-properties-panel-description' }, t('isoDuration', { value })) : null,
    value && parseDuration(value) === undefined ? h('div', { class: 'bio-properties-panel-error' }, t('durationInvalid')) : null,
    h('div', { class: 'bio-properties-panel-description' }, t('escalateHelp')),
  );
};

export const entries = { PeopleEntry, RolesEntry, ChoiceEntry, ConditionEntry, DurationEntry };
