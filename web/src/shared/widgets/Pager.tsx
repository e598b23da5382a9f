import { useState, type ReactNode } from 'react';
import { Button, Select, Space } from 'antd';
import { DoubleLeftOutlined, DoubleRightOutlined, EllipsisOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pagerItems, usePagerCount } from '../pager';

export type PagerProps = {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  pageSizeOptions?: readonly (string | number)[] | undefined;
  showSizeChanger?: boolean | undefined;
  /** the total's text, as antd's showTotal */
  totalText?: ReactNode;
  disabled?: boolean | undefined;
};

/** A "more" button: an ellipsis that shows its arrow when pointed at, as antd's jumpers do. */
const More = ({ direction, onClick, title }: { direction: 'prev' | 'next'; onClick: () => void; title: string }) => {
  const [hover, setHover] = useState(false);
  const arrow = direction === 'prev' ? <DoubleLeftOutlined /> : <DoubleRightOutlined />;
  return (
    <Button type="text" title={title} aria-label={title} onClick={onClick} onMouseEnter={() => setHover(true)} onMouseLeave={() => setHover(false)} data-testid={`pager-${direction}-more`}>
      {hover ? arrow : <EllipsisOutlined />}
    </Button>
  );
};

/**
 * The console's pager (spec 01: page sizes 10, 20, 30, 50; pager count 5 under 992 px, else 7):
 * the total, previous, the page numbers of `pagerItems`, next, and the page size.
 */
export const Pager = ({ current, pageSize, total, onChange, pageSizeOptions, showSizeChanger, totalText, disabled }: PagerProps) => {
  const { t } = useTranslation();
  const pagerCount = usePagerCount();
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const page = Math.min(Math.max(1, current), pageCount);
  const go = (p: number) => {
    if (p !== page && p >= 1 && p <= pageCount) onChange(p, pageSize);
  };
  const jump = pagerCount - 2;
  return (
    <nav className="tpl-pager" aria-label={t('pager.label')} data-testid="pager" data-pager-count={pagerCount}>
      <Space wrap size={4}>
        {totalText !== undefined && <span className="ant-pagination-total-text tpl-pager-total">{totalText}</span>}
        <Button type="text" icon={<LeftOutlined />} disabled={disabled || page <= 1} onClick={() => go(page - 1)} title={t('pager.prev')} aria-label={t('pager.prev')} data-testid="pager-prev" />
        {pagerItems(page, pageCount, pagerCount).map((item) =>
          item.kind === 'page' ? (
            <Button
              key={`p${item.page}`}
              type={item.page === page ? 'primary' : 'text'}
              ghost={item.page === page}
              disabled={disabled}
              className="tpl-pager-item"
              aria-current={item.page === page ? 'page' : undefined}
              onClick={() => go(item.page)}
              title={String(item.page)}
              data-testid="pager-item"
            >
              {item.page}
            </Button>
          ) : (
            <More key={item.kind} direction={item.kind === 'prevMore' ? 'prev' : 'next'} title={t(item.kind === 'prevMore' ? 'pager.prevMore' : 'pager.nextMore', { n: jump })} onClick={() => go(item.page)} />
          ),
        )}
        <Button type="text" icon={<RightOutlined />} disabled={disabled || page >= pageCount} onClick={() => go(page + 1)} title={t('pager.next')} aria-label={t('pager.next')} data-testid="pager-next" />
        {showSizeChanger && pageSizeOptions && (
          <Select
            size="middle"
            value={pageSize}
            disabled={disabled}
            onChange={(size: number) => onChange(size === pageSize ? page : 1, size)}
            options={pageSizeOptions.map((s) => ({ value: Number(s), label: t('pager.perPage', { size: Number(s) }) }))}
            data-testid="pager-size"
          />
        )}
      </Space>
    </nav>
  );
};
