import { useMemo, useRef, useState } from 'react';
import { Input, Select, Spin } from 'antd';
import { entityByName, type EntityDef } from '@tpl/contracts';
import type { EntityRecord } from '../../api/entities';
import { useRefLookup, useRefSearch } from './hooks';
import { codeOf } from './listQuery';
import { useDebounced } from '../useDebounced';

const DEBOUNCE_MS = 300;


type Props = {
  /** the referenced entity type's name */
  entity: string;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
  /** codes that may not be chosen (a tree node cannot be its own parent) */
  exclude?: readonly string[];
  /** names already known for the current value(s): the record's refNames */
  names?: unknown;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  /** the input's id (a Form.Item's label points at it) */
  id?: string;
  style?: React.CSSProperties;
  /** a single choice made: the record picked (as the search listed it), or undefined when cleared */
  onPicked?: (record: EntityRecord | undefined) => void;
  /** list parameters the search adds (the field's `pick`): only what the field can take is offered */
  pick?: Readonly<Record<string, string>>;
};

const nameOf = (def: EntityDef, record: EntityRecord): string => {
  const name = def.nameField ? record[def.nameField] : undefined;
  return typeof name === 'string' ? name : '';
};

const labelOf = (code: string, name: string | undefined) => (name && name !== code ? `${code} ${name}` : code);

/**
 * A reference picker: searches the referenced entity's list by keyword as the user types
 * (debounced) and shows each choice as "code name". The value is the code (or codes).
 * A reference to an entity type the console does not know yet is typed in as a code.
 */
export const RefSelect = ({ entity, value, onChange, multiple, exclude, names, placeholder, disabled, testId, id, style, onPicked, pick }: Props) => {
  const refDef = entityByName(entity);
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), DEBOUNCE_MS);
  const search = useRefSearch(refDef, keyword, opened, pick);

  const values = useMemo(() => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]), [value]);

  // names known without asking: refNames of the record being edited, and what searches brought
  const seen = useRef(new Map<string, string>());
  const known = useMemo(() => {
    const map = seen.current;
    const given = Array.isArray(names) ? names : values.length === 1 ? [names] : [];
    values.forEach((code, i) => {
      const name = given[i];
      if (typeof name === 'string' && name && !map.has(code)) map.set(code, name);
    });
    if (refDef) for (const record of search.data?.records ?? []) map.set(codeOf(refDef, record), nameOf(refDef, record));
    return new Map(map);
  }, [names, values, refDef, search.data]);

  // a value nobody has named yet (a prefilled parent): looked up by its code
  const unknown = values.filter((code) => !known.has(code));
  const lookups = useRefLookup(refDef, unknown);
  const found = new Map<string, string>();
  lookups.forEach((lookup, i) => {
    const code = unknown[i];
    const hit = refDef && code ? lookup.data?.records.find((r) => codeOf(refDef, r) === code) : undefined;
    if (code && hit && refDef) found.set(code, nameOf(refDef, hit));
  });

  const options = useMemo(() => {
    const excluded = new Set(exclude ?? []);
    const list: { value: string; label: string }[] = [];
    const seen = new Set<string>();
    const add = (code: string, name: string | undefined) => {
      if (seen.has(code)) return;
      seen.add(code);
      list.push({ value: code, label: labelOf(code, name) });
    };
    for (const code of values) add(code, known.get(code) ?? found.get(code));
    if (refDef) {
      for (const record of search.data?.records ?? []) {
        const code = codeOf(refDef, record);
        if (!excluded.has(code)) add(code, nameOf(refDef, record));
      }
    }
    return list;
  }, [values, known, found, refDef, search.data, exclude]);

  if (!refDef) {
    // the referenced entity type has no screens yet: the code is typed in
    return multiple ? (
      <Select
        mode="tags"
        value={values}
        onChange={(next: string[]) => onChange?.(next)}
        disabled={disabled}
        placeholder={placeholder}
        id={id}
        data-testid={testId}
        style={style}
        open={false}
      />
    ) : (
      <Input
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange?.(event.target.value || undefined)}
        disabled={disabled}
        placeholder={placeholder}
        id={id}
        data-testid={testId}
        allowClear
        style={style}
      />
    );
  }

  return (
    <Select<string | string[]>
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? values : values[0]}
      onChange={(next) => {
        setTyped('');
        onChange?.(next === undefined || next === null ? undefined : next);
        if (onPicked && !Array.isArray(next)) onPicked(typeof next === 'string' ? search.data?.records.find((r) => codeOf(refDef, r) === next) : undefined);
      }}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={(open) => {
        if (open) setOpened(true);
        else setTyped('');
      }}
      notFoundContent={search.isFetching ? <Spin size="small" /> : undefined}
      loading={search.isFetching}
      // busy while a typed search waits for its debounce or its answer (assistive technology, and the journeys, wait for the list)
      aria-busy={keyword !== typed.trim() || search.isFetching}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      id={id}
        data-testid={testId}
      style={{ width: '100%', minWidth: 160, ...style }}
      popupMatchSelectWidth={false}
    />
  );
};
