import { useMemo, useState } from 'react';
import { Select, Spin, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { documentByName, type DocumentDef } from '@tpl/contracts';
import { documentApi, type DocumentListRow } from '../../api/documents';
import { documentKeys } from '../../api/queryKeys';
import { useDebounced } from '../useDebounced';

type Props = {
  /** the referenced document type's name */
  document: string;
  /** the states a document may be in to be offered (what the field can use) */
  states?: readonly string[];
  /** the value is the document's bill number (default) or its id */
  by?: 'billNo' | 'id';
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** a choice made: the list row picked (its columns: customer, totals, version), or undefined when cleared */
  onPicked?: (row: DocumentListRow | undefined) => void;
  /** values already taken elsewhere (another line): not offered again */
  exclude?: readonly string[];
  disabled?: boolean;
  testId?: string;
  id?: string;
};

const searchQuery = (typed: string, states: readonly string[] | undefined) => ({
  current: 1,
  size: 20,
  sort: 'billNo',
  order: 'desc' as const,
  ...(typed ? { billNo: typed } : {}),
  ...(states?.length ? { state: states.join(',') } : {}),
});

/** What a choice shows beside its number: the owner (the list's customer column), the bill date, the state. */
const useRowLabel = (def: DocumentDef | undefined) => {
  const { t } = useTranslation();
  return (row: DocumentListRow) => {
    const parts = [row.customerCode, row.billDate].filter((p): p is string => typeof p === 'string' && p !== '');
    const state = def ? t(`${def.name}.states.${row.state}`, { defaultValue: row.state }) : row.state;
    return (
      <span data-bill-no={row.billNo}>
        {row.billNo}
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
          {[...parts, state].join(' · ')}
        </Typography.Text>
      </span>
    );
  };
};

/**
 * A document picker: searches the referenced document type's list by bill number as the user
 * types (debounced), offering only documents in the field's states, each shown by its number
 * with its owner, date and state. The value is the bill number, or the id (shown by its number).
 */
export const DocSelect = ({ document, states, by = 'billNo', value, onChange, onPicked, exclude, disabled, testId, id }: Props) => {
  const def = documentByName(document);
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), 300);
  const query = searchQuery(keyword, states);
  const search = useQuery({
    queryKey: documentKeys.list(document, query),
    queryFn: ({ signal }) => documentApi.list(def!, query, signal),
    enabled: opened && Boolean(def),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  // a document named by id shows its number: read once when the list has not brought it
  const known = search.data?.records.find((r) => (by === 'id' ? r.id : r.billNo) === value);
  const detail = useQuery({
    queryKey: documentKeys.detail(document, String(value ?? '')),
    queryFn: ({ signal }) => documentApi.detail(def!, String(value), undefined, signal),
    enabled: by === 'id' && Boolean(def) && typeof value === 'string' && value !== '' && !known,
    staleTime: 60_000,
  });
  const label = useRowLabel(def);

  const options = useMemo(() => {
    const excluded = new Set(exclude ?? []);
    const list: { value: string; label: React.ReactNode; row?: DocumentListRow }[] = [];
    const seen = new Set<string>();
    if (typeof value === 'string' && value !== '') {
      seen.add(value);
      const shown = known ? label(known) : by === 'id' ? (detail.data?.billNo ?? '…') : value;
      list.push({ value, label: shown, ...(known ? { row: known } : {}) });
    }
    for (const row of search.data?.records ?? []) {
      const v = by === 'id' ? row.id : row.billNo;
      if (seen.has(v) || excluded.has(v)) continue;
      seen.add(v);
      list.push({ value: v, label: label(row), row });
    }
    return list;
  }, [value, known, by, detail.data, search.data, exclude, label]);

  return (
    <Select<string>
      value={typeof value === 'string' && value !== '' ? value : undefined}
      onChange={(next) => {
        setTyped('');
        onChange?.(next ?? undefined);
        onPicked?.(next ? options.find((o) => o.value === next)?.row : undefined);
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
      id={id}
      data-testid={testId}
      style={{ width: '100%', minWidth: 200 }}
      popupMatchSelectWidth={false}
      optionLabelProp="label"
    />
  );
};
