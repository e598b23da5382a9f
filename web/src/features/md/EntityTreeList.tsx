import { useMemo, useState, type Key } from 'react';
import { Table } from '../../shared/widgets/Table';
import type { TableColumnsType, TableProps } from 'antd';
import { PAGE_SIZES, type EntityDef } from '@tpl/contracts';
import type { EntityRecord } from '../../api/entities';
import { useEntityChildren, useEntityList } from '../../shared/widgets/hooks';
import { useEntityLabels } from '../../shared/widgets/labels';
import { codeOf, recordKey, type MdListQuery } from '../../shared/widgets/listQuery';

type TreeRow = EntityRecord & { _children?: TreeRow[] };

type Props = {
  def: EntityDef & { tree: { parentField: string } };
  query: MdListQuery;
  columns: TableColumnsType<EntityRecord>;
  selected: Key[];
  onSelect: (keys: Key[]) => void;
  onChange: TableProps<EntityRecord>['onChange'];
};

/**
 * A tree entity's list: the roots page by page (`parent=`), each node's children loaded when
 * it is first expanded (`parent=<code>`); `hasChildren` says which rows can expand.
 */
export const EntityTreeList = ({ def, query, columns, selected, onSelect, onChange }: Props) => {
  const { t } = useEntityLabels(def);
  const roots = useEntityList(def, { ...query, parent: '' });
  // expanded rows by id, with the code their children are asked by
  const [expanded, setExpanded] = useState<{ id: string; code: string }[]>([]);
  const children = useEntityChildren(
    def,
    expanded.map((e) => e.code),
    { sort: query.sort, order: query.order },
  );

  const childrenOf = useMemo(() => {
    const map = new Map<string, EntityRecord[] | undefined>();
    expanded.forEach((e, i) => map.set(e.code, children[i]?.data));
    return map;
    // the query results change identity on every render; their update times say when data changed
  }, [expanded, children.map((c) => c.dataUpdatedAt).join(',')]);

  const data = useMemo(() => {
    const build = (rows: EntityRecord[], ancestors: ReadonlySet<string>): TreeRow[] =>
      rows.map((row) => {
        const code = codeOf(def, row);
        if (!row.hasChildren || ancestors.has(code)) return row;
        const loaded = childrenOf.get(code);
        // an empty array still shows the expand button; the children come on expanding
        return { ...row, _children: loaded ? build(loaded, new Set([...ancestors, code])) : [] };
      });
    return build(roots.data?.records ?? [], new Set());
  }, [roots.data, childrenOf, def]);

  const loadingChildren = children.some((c) => c.isFetching && !c.data);

  return (
    <Table<EntityRecord>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data}
      loading={roots.isFetching || loadingChildren}
      scroll={{ x: 'max-content' }}
      data-testid="md-tree"
      rowSelection={{ selectedRowKeys: selected, onChange: onSelect, checkStrictly: true }}
      onRow={(record) => ({ 'data-testid': `md-row-${recordKey(def, record)}` }) as React.HTMLAttributes<HTMLElement>}
      expandable={{
        childrenColumnName: '_children',
        expandedRowKeys: expanded.map((e) => e.id),
        onExpand: (open, record) =>
          setExpanded((current) =>
            open
              ? [...current.filter((e) => e.id !== record.id), { id: record.id, code: codeOf(def, record) }]
              : current.filter((e) => e.id !== record.id),
          ),
      }}
      onChange={onChange}
      pagination={{
        current: query.current,
        pageSize: query.size,
        total: roots.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total) => t('md.total', { total }),
      }}
    />
  );
};
