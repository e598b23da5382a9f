import { Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import type { EntityDef } from '@tpl/contracts';
import type { EntityRecord } from '../../api/entities';
import { paths } from '../../paths';
import { formatDateTime } from '../../shared/format';
import { FieldValue } from '../../shared/widgets/FieldValue';
import type { EntityLabels } from '../../shared/widgets/labels';
import { codeOf, isCommonDateTime, recordKey, sortableColumnsOf, type MdListQuery } from '../../shared/widgets/listQuery';

const NUMERIC = new Set(['number']);

type Options = {
  def: EntityDef;
  labels: EntityLabels;
  visible: readonly string[];
  query: MdListQuery;
  onHistory: (record: EntityRecord) => void;
  /** the user holds the edit button (the row's edit link) */
  canEdit?: boolean;
  /** the user holds the add button (a tree row's add-child link) */
  canAdd?: boolean;
};

/**
 * The list's columns: the chosen ones, rendered by kind, sortable where the list query allows,
 * then the row actions (view, edit, history; a tree's add child).
 */
export const entityColumns = ({ def, labels, visible, query, onHistory, canEdit = false, canAdd = false }: Options): TableColumnsType<EntityRecord> => {
  const { t, field } = labels;
  const sortable = sortableColumnsOf(def);
  const titleKey = def.codeField ?? def.nameField;
  const cell = (key: string, record: EntityRecord) => {
    const f = def.fields[key];
    if (!f) {
      const value = record[key];
      if (value === undefined || value === null || value === '') return t('common.empty');
      return isCommonDateTime(key) ? formatDateTime(String(value)) : String(value);
    }
    const shown = <FieldValue def={def} name={key} field={f} value={record[key]} record={record} />;
    return key === titleKey ? (
      <Link to={paths.mdView(def.name, record.id)} data-testid={`md-link-${recordKey(def, record)}`}>
        {shown}
      </Link>
    ) : (
      shown
    );
  };

  return [
    ...visible.map((key) => ({
      key,
      dataIndex: key,
      title: field(key),
      ellipsis: true,
      align: NUMERIC.has(def.fields[key]?.kind ?? '') ? ('right' as const) : undefined,
      sorter: sortable.has(key),
      sortDirections: ['ascend' as const, 'descend' as const, 'ascend' as const],
      sortOrder: query.sort === key ? (query.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      render: (_: unknown, record: EntityRecord) => cell(key, record),
    })),
    {
      key: '_actions',
      title: t('md.actions'),
      fixed: 'right' as const,
      width: def.tree ? 220 : 160,
      render: (_: unknown, record: EntityRecord) => {
        const key = recordKey(def, record);
        return (
          <Space size="small">
            <Link to={paths.mdView(def.name, record.id)} data-testid={`md-row-view-${key}`}>
              {t('md.view')}
            </Link>
            {canEdit && (
              <Link to={paths.mdEdit(def.name, record.id)} data-testid={`md-row-edit-${key}`}>
                {t('md.edit')}
              </Link>
            )}
            <a
              role="button"
              onClick={(event) => {
                event.stopPropagation();
                onHistory(record);
              }}
              data-testid={`md-history-${key}`}
            >
              {t('md.history')}
            </a>
            {canAdd && def.tree && (
              <Link to={paths.mdNew(def.name, codeOf(def, record))} data-testid={`md-add-child-${key}`}>
                {t('md.addChild')}
              </Link>
            )}
          </Space>
        );
      },
    },
  ];
};
