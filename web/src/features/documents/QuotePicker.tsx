import { useMemo, useState, type Key } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Input, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { entityByName } from '@tpl/contracts';
import type { EntityRecord } from '../../api/entities';
import { useDebounced } from '../../shared/useDebounced';
import { FieldValue } from '../../shared/widgets/FieldValue';
import { useRefSearch } from '../../shared/widgets/hooks';
import { useEntityLabels } from '../../shared/widgets/labels';
import { codeOf } from '../../shared/widgets/listQuery';
import { codeAndName } from '../../shared/widgets/names';
import { Table } from '../../shared/widgets/Table';
import { PickDialog } from './PickDialog';

const DEBOUNCE_MS = 300;
/** What a material is recognised by in the dialog (spec 02: code, name, specification, unit). */
const COLUMNS = ['code', 'name', 'spec', 'unitCode'] as const;

/**
 * Quoting material lines (spec 02): the records the line's material picker offers (the same list
 * call with the same `pick`, so only the header owner's materials), searched and paged, ticked
 * several at once; those the details hold already are ticked and disabled, each saying why
 * (`refusal`). OK hands the ticked records over; LinesField makes a line of each.
 */
export const QuotePicker = ({
  entity,
  pick,
  taken,
  refusal,
  onAdd,
  onClose,
}: {
  entity: string;
  pick: Readonly<Record<string, string>>;
  /** codes the details hold already */
  taken: ReadonlySet<string>;
  /** why a taken record cannot be quoted, in the user's words */
  refusal: (codeAndName: string) => string;
  onAdd: (records: { code: string; record: EntityRecord }[]) => void;
  onClose: () => void;
}) => {
  const refDef = entityByName(entity)!;
  const { t, field } = useEntityLabels(refDef);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), DEBOUNCE_MS);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [picked, setPicked] = useState(new Map<string, EntityRecord>());
  const list = useRefSearch(refDef, keyword, true, pick, page);
  const nameOf = (r: EntityRecord) => (refDef.nameField && typeof r[refDef.nameField] === 'string' ? (r[refDef.nameField] as string) : '');

  const columns: TableColumnsType<EntityRecord> = [
    ...COLUMNS.filter((key) => key in refDef.fields).map((key) => ({
      key,
      title: field(key),
      render: (_: unknown, r: EntityRecord) => <FieldValue def={refDef} name={key} field={refDef.fields[key]} value={r[key]} record={r} />,
    })),
    {
      key: '_taken',
      title: t('documents.quote.taken'),
      render: (_: unknown, r: EntityRecord) => {
        const code = codeOf(refDef, r);
        return taken.has(code) ? (
          <Typography.Text type="warning" data-testid={`quote-refused-${code}`}>
            {refusal(codeAndName(code, nameOf(r)))}
          </Typography.Text>
        ) : null;
      },
    },
  ];
  const selectedKeys = useMemo<Key[]>(() => [...taken, ...picked.keys()], [taken, picked]);

  return (
    <PickDialog
      width={900}
      title={t('documents.quote.title')}
      ticked={picked.size}
      addLabel={t('documents.quote.add', { count: picked.size })}
      addTestId="quote-add"
      onAdd={() => onAdd([...picked].map(([code, record]) => ({ code, record })))}
      onClose={onClose}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('documents.quote.search')}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          data-testid="quote-search"
        />
        <Table<EntityRecord>
          size="small"
          rowKey={(r) => codeOf(refDef, r)}
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          rowSelection={{
            selectedRowKeys: selectedKeys,
            preserveSelectedRowKeys: true,
            getCheckboxProps: (r) => ({ disabled: taken.has(codeOf(refDef, r)) }),
            onChange: (keys, rows) => {
              const chosen = new Set(keys.map(String).filter((k) => !taken.has(k)));
              setPicked((before) => {
                const next = new Map<string, EntityRecord>();
                const known = new Map([...before, ...rows.filter(Boolean).map((r) => [codeOf(refDef, r), r] as const)]);
                for (const code of chosen) {
                  const record = known.get(code);
                  if (record) next.set(code, record);
                }
                return next;
              });
            },
          }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: list.data?.total ?? 0,
            onChange: (current, size) => setPage({ current, size }),
          }}
          // no sideways scroll: the refusal wraps in its cell, read at once
          data-testid="quote-table"
          onRow={(r) => ({ 'data-testid': `quote-row-${codeOf(refDef, r)}` }) as React.HTMLAttributes<HTMLElement>}
        />
      </Space>
    </PickDialog>
  );
};
