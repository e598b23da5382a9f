import { useMemo, useState } from 'react';
import { Alert, Card, Drawer, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { FILL_BANDS, binBoardQuerySchema, fillBandOf, type BinPlace, type FillBand } from '@tpl/contracts';
import { formatNumber } from '../../../shared/format';
import type { ReportQuery } from './api';
import { useBoard, useReport } from './hooks';
import { InstantLine, ReportFilters, rowKeyOf } from './ReportPage';
import { ExplainDrawer, PrintButton, ReportTable, useReportLabels, type ExplainTarget } from './parts';

/** Where each place sits in the grid: by its coordinates, those without after the others, row by row. */
export const layoutOf = (places: readonly BinPlace[], columns: number): { place: BinPlace; column: number; row: number }[] => {
  const placed = places.filter((p) => p.coordinateX !== null && p.coordinateY !== null);
  const minX = Math.min(...placed.map((p) => p.coordinateX!));
  const minY = Math.min(...placed.map((p) => p.coordinateY!));
  const height = placed.length ? Math.max(...placed.map((p) => p.coordinateY!)) - minY + 1 : 0;
  const out = placed.map((place) => ({ place, column: place.coordinateX! - minX + 1, row: place.coordinateY! - minY + 1 }));
  places
    .filter((p) => p.coordinateX === null || p.coordinateY === null)
    .forEach((place, i) => out.push({ place, column: (i % columns) + 1, row: height + 1 + Math.floor(i / columns) }));
  return out;
};

const PlaceStock = ({ place, query, onExplain }: { place: string; query: ReportQuery; onExplain: (t: ExplainTarget) => void }) => {
  const q = { ...query, warehousePlaceCode: place, current: 1, size: 50, sort: 'materialCode', order: 'asc' };
  const { data, isFetching } = useReport('stockByDetails', q);
  return (
    <ReportTable
      name="stockByDetails"
      query={q}
      rows={data?.records ?? []}
      sums={data?.sums}
      total={data?.total ?? 0}
      loading={isFetching}
      rowKey={rowKeyOf('stockByDetails')}
      onExplain={onExplain}
      testId="place-stock"
    />
  );
};

/**
 * stockpageshow2, the bin board: the area's places on their coordinates, each coloured by how
 * full it is (m³ held / usable capacity) now or as of an instant; a place opens its stock (each
 * quantity explained as everywhere else).
 */
export const BinBoardPage = () => {
  const { t, field } = useReportLabels();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => {
    const raw = Object.fromEntries([...params].filter(([, v]) => v !== ''));
    const parsed = binBoardQuerySchema.safeParse(raw);
    return (parsed.success ? parsed.data : { warehouseAreaCode: raw.warehouseAreaCode }) as ReportQuery;
  }, [params]);
  const ready = Boolean(query.warehouseAreaCode);
  const { data, isFetching, error } = useBoard(query, ready);
  const [open, setOpen] = useState<string>();
  const [explain, setExplain] = useState<ExplainTarget>();
  const go = (next: ReportQuery) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
    setParams(search);
  };
  const cells = data ? layoutOf(data.places, data.columns) : [];
  const pct = (p: BinPlace) => (p.fillRatio === null ? '' : `${Math.round(p.fillRatio * 100)}%`);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} className="report-page" data-testid="report-page-binBoard">
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('stockReport.titles.binBoard')}
        </Typography.Title>
        <InstantLine query={query} />
      </Space>
      <Card size="small" className="no-print">
        <ReportFilters keys={['warehouseAreaCode', 'customerCode', 'asOf']} query={query} onSearch={go} onReset={() => go({ warehouseAreaCode: query.warehouseAreaCode })} />
      </Card>
      <Card size="small">
        <div className="page-toolbar">
          <Space wrap className="bin-legend" data-testid="bin-legend">
            <Typography.Text type="secondary">{t('stockReport.ui.legend')}:</Typography.Text>
            {FILL_BANDS.map((b) => (
              <Tag key={b} className={`bin-band-${b}`}>
                {t(`stockReport.band.${b}`)}
              </Tag>
            ))}
          </Space>
          <span className="no-print">
            <PrintButton />
          </span>
        </div>
        {!ready && <Alert type="info" showIcon title={t('stockReport.ui.chooseArea')} />}
        {ready && isFetching && !data && <Spin />}
        {ready && !error && data && !data.places.length && <Empty description={t('stockReport.ui.noPlaces')} />}
        {data && data.places.length > 0 && (
          <div className="bin-board" style={{ gridTemplateColumns: `repeat(${data.columns}, minmax(96px, 1fr))` }} data-testid="bin-board">
            {cells.map(({ place, column, row }) => {
              const band: FillBand = fillBandOf(place);
              return (
                <button
                  type="button"
                  key={place.warehousePlaceCode}
                  className={`bin-place bin-band-${band}${place.invalid ? ' bin-invalid' : ''}`}
                  style={{ gridColumn: column, gridRow: row }}
                  onClick={() => setOpen(place.warehousePlaceCode)}
                  title={`${field('capacity')} ${place.capacity ?? '—'} · ${field('used')} ${formatNumber(place.used)}${place.reservedFor ? ` · ${field('reservedFor')} ${place.reservedFor}` : ''}`}
                  data-testid={`bin-${place.warehousePlaceCode}`}
                  data-band={band}
                >
                  <strong>{place.warehousePlaceCode}</strong>
                  <span>
                    {field('qty')} {formatNumber(place.qty)}
                  </span>
                  <span>{pct(place)}</span>
                  {place.reservedFor && <span className="bin-reserved">{place.reservedFor}</span>}
                </button>
              );
            })}
          </div>
        )}
      </Card>
      <Drawer
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        title={t('stockReport.ui.placeStock', { place: open ?? '' })}
        size="large"
        destroyOnHidden
        data-testid="place-drawer"
      >
        {open && data && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {(() => {
              const p = data.places.find((x) => x.warehousePlaceCode === open);
              return p ? (
                <Typography.Text type="secondary" data-testid="place-summary">
                  {t('stockReport.ui.placeSummary', { used: formatNumber(p.used), capacity: p.capacity === null ? '—' : formatNumber(p.capacity) })}
                  {p.fillRatio !== null ? ` · ${pct(p)}` : ''}
                </Typography.Text>
              ) : null;
            })()}
            <PlaceStock place={open} query={{ warehouseAreaCode: query.warehouseAreaCode, customerCode: query.customerCode, asOf: query.asOf }} onExplain={setExplain} />
          </Space>
        )}
      </Drawer>
      <ExplainDrawer target={explain} onClose={() => setExplain(undefined)} />
    </Space>
  );
};
