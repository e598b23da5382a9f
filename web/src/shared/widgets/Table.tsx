import { useState } from 'react';
import { Table as AntTable, type TableProps } from 'antd';
import { PAGE_SIZES } from '@tpl/contracts';
import type { AnyObject } from 'antd/es/_util/type';
import { Pager } from './Pager';

const DEFAULT_PAGE_SIZE = 10;

/**
 * antd's Table with the console's pager in place of antd's (spec 01: pager count 5 under 992 px,
 * else 7; antd's pager cannot show seven numbers). The same props: `pagination` as antd reads it
 * (current, pageSize, total, onChange, showSizeChanger, pageSizeOptions, showTotal; without a
 * total the rows are paged here, as antd pages them), and `onChange` hears a page change as antd
 * tells it ('paginate'); `pagination={false}` is no pager.
 */
export const Table = <T extends AnyObject>(props: TableProps<T>) => {
  const { pagination, dataSource, onChange } = props;
  const config = pagination === false ? null : (pagination ?? {});
  const [own, setOwn] = useState<{ current: number; pageSize: number }>({ current: 1, pageSize: config?.defaultPageSize ?? DEFAULT_PAGE_SIZE });
  if (!config) return <AntTable {...props} />;
  const rows = dataSource ?? [];
  const serverPaged = config.total !== undefined;
  const pageSize = config.pageSize ?? own.pageSize;
  const total = config.total ?? rows.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(config.current ?? own.current, pageCount);
  const shown = serverPaged ? rows : rows.slice((current - 1) * pageSize, current * pageSize);
  const change = (page: number, size: number) => {
    setOwn({ current: page, pageSize: size });
    config.onChange?.(page, size);
    if (size !== pageSize) config.onShowSizeChange?.(page, size);
    onChange?.({ ...config, current: page, pageSize: size, total }, {}, [], { action: 'paginate', currentDataSource: [...rows] });
  };
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  // as antd: no pager over no rows, nor over one page when asked so
  const hide = total === 0 || (config.hideOnSinglePage && pageCount <= 1);
  return (
    <>
      <AntTable {...props} dataSource={shown} pagination={false} />
      {!hide && (
        <Pager
          current={current}
          pageSize={pageSize}
          total={total}
          onChange={change}
          pageSizeOptions={config.pageSizeOptions ?? PAGE_SIZES}
          // as antd: unsaid, a size changer over more than 50 rows
          showSizeChanger={config.showSizeChanger === undefined ? total > 50 : config.showSizeChanger !== false}
          totalText={config.showTotal ? config.showTotal(total, [from, to]) : undefined}
          disabled={config.disabled}
        />
      )}
    </>
  );
};

Table.Summary = AntTable.Summary;
Table.Column = AntTable.Column;
Table.ColumnGroup = AntTable.ColumnGroup;
Table.SELECTION_COLUMN = AntTable.SELECTION_COLUMN;
Table.EXPAND_COLUMN = AntTable.EXPAND_COLUMN;
