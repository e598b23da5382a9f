import { Fragment, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { FieldDef } from '@tpl/contracts';
import type { EntityRecord } from '../../api/entities';
import { DATE_FORMAT, formatDateTime, formatNumber, looksLikeInstant } from '../format';
import { useDictOptions } from './hooks';
import { useEntityLabels, type Named } from './labels';
import { AttachmentPreview } from './AttachmentInput';
import { DocLink } from './DocLink';
import { codeAndName, useRecordName } from './names';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

const formatDate = (value: unknown): string => {
  if (typeof value !== 'string') return String(value);
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT) : value;
};

/** "code name" of a reference; the name comes from the record's refNames. */
const refText = (code: string, name: unknown): string => (typeof name === 'string' && name !== '' && name !== code ? `${code} ${name}` : code);

/**
 * A value as plain text by its field's kind (lists of changes, tooltips): flags 是/否, enums by
 * their labels, references as "code name" when the name is known, dates yyyy-MM-dd, date-times
 * yyyy-MM-dd HH:mm:ss.
 */
export const useFormatValue = (def: Named) => {
  const { t, enumValue } = useEntityLabels(def);
  return useCallback(
    (key: string, field: FieldDef | undefined, value: unknown, refName?: unknown): string => {
      if (isEmpty(value)) return '';
      if (!field) {
        if (key === 'createTime' || key === 'updateTime') return formatDateTime(String(value));
        return typeof value === 'object' ? JSON.stringify(value) : String(value);
      }
      switch (field.kind) {
        case 'flag':
          return value === 1 || value === '1' || value === true ? t('md.yes') : t('md.no');
        case 'enum':
          return enumValue(key, String(value));
        case 'number':
          // at the field's own decimals (a unit price has four, an exchange rate six)
          return typeof value === 'number' ? formatNumber(value, field.scale) : String(value);
        case 'date':
          return formatDate(value);
        case 'datetime':
          return formatDateTime(String(value));
        case 'text':
          // a time kept as text (the order's arrival as its process manager wrote it) reads as a time
          return typeof value === 'string' && looksLikeInstant(value) ? formatDateTime(value) : String(value);
        case 'ref': {
          const codes = Array.isArray(value) ? value.map(String) : [String(value)];
          const names = Array.isArray(refName) ? refName : codes.length === 1 ? [refName] : [];
          return codes.map((code, i) => refText(code, names[i])).join(t('common.listSeparator'));
        }
        case 'password':
          return '******';
        case 'rows':
          return Array.isArray(value) ? t('md.rows.count', { count: value.length }) : '';
        default:
          return typeof value === 'object' ? JSON.stringify(value) : String(value);
      }
    },
    [t, enumValue],
  );
};

const DictValue = ({ code, value }: { code: string; value: unknown }) => {
  const { data } = useDictOptions(code);
  const values = Array.isArray(value) ? value.map(String) : [String(value)];
  return <>{values.map((v) => data?.find((o) => o.value === v)?.label ?? v).join(', ')}</>;
};

type Props = {
  def: Named;
  /** the field's key (a rows sub-field: its own key) */
  name: string;
  field?: FieldDef;
  value: unknown;
  /** the whole record (for refNames) */
  record?: EntityRecord;
};

/** A value for reading (list cells, the view page); flags as a tag, rows as a table. */
export const FieldValue = ({ def, name, field, value, record }: Props) => {
  const format = useFormatValue(def);
  const { t } = useEntityLabels(def);
  if (field?.kind === 'rows') return <RowsValue def={def} name={name} field={field} value={value} />;
  if (isEmpty(value)) return <>{t('common.empty')}</>;
  if (field?.kind === 'flag') {
    const on = value === 1 || value === '1' || value === true;
    return <Tag color={on ? 'green' : 'default'}>{on ? t('md.yes') : t('md.no')}</Tag>;
  }
  if (field?.kind === 'dict') return <DictValue code={field.dict} value={value} />;
  if (field?.kind === 'text' && field.verbatim) return <Typography.Text code>{String(value)}</Typography.Text>;
  if (field?.kind === 'attachment' && typeof value === 'string') return <AttachmentPreview id={value} image={field.image} testId={`value-${name}`} />;
  if (field?.kind === 'signature' && typeof value === 'string') return <AttachmentPreview id={value} image testId={`value-${name}`} width={220} />;
  if (field?.kind === 'doc' && typeof value === 'string') return <DocLink document={field.document} by={field.by} value={value} />;
  // a code whose record's name the caller does not hold (a document's customer, a line's material): asked by code
  if (field?.kind === 'ref' && record?.refNames?.[name] === undefined) return <RefValue entity={field.entity} value={value} />;
  return <>{format(name, field, value, record?.refNames?.[name])}</>;
};

/** "code name" of one record by its code (the names lookup); the code alone until the name is known or when there is none. */
export const RefName = ({ entity, code }: { entity: string; code: string }) => {
  const name = useRecordName(entity, code);
  return <span data-code={code}>{codeAndName(code, name)}</span>;
};

/** One or several codes of an entity, each with its record's name. */
export const RefValue = ({ entity, value }: { entity: string; value: unknown }) => {
  const { t } = useTranslation();
  const codes = (Array.isArray(value) ? value : [value]).filter((c) => c !== undefined && c !== null && c !== '').map(String);
  return (
    <>
      {codes.map((code, i) => (
        <Fragment key={code}>
          {i > 0 && t('common.listSeparator')}
          <RefName entity={entity} code={code} />
        </Fragment>
      ))}
    </>
  );
};

const RowsValue = ({ def, name, field, value }: { def: Named; name: string; field: Extract<FieldDef, { kind: 'rows' }>; value: unknown }) => {
  const { t, field: label } = useEntityLabels(def);
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const columns: TableColumnsType<Record<string, unknown>> = [
    { key: '_index', title: t('md.rows.index'), width: 56, render: (_: unknown, __: unknown, index: number) => index + 1 },
    ...Object.entries(field.fields).filter(([, f]) => !f.hidden).map(([sub, subField]) => ({
      key: sub,
      title: label(name, sub),
      render: (_: unknown, row: Record<string, unknown>) => <FieldValue def={def} name={sub} field={subField} value={row[sub]} />,
    })),
  ];
  return (
    <Table<Record<string, unknown>>
      size="small"
      rowKey={(_, index) => String(index)}
      columns={columns}
      dataSource={rows}
      pagination={false}
      data-testid={`md-value-${name}`}
      scroll={{ x: 'max-content' }}
    />
  );
};
