import { useMemo, useState, type DragEvent } from 'react';
import { Alert, Badge, Button, Card, DatePicker, Dropdown, Empty, Input, Select, Space, Spin, Tag, Typography, message } from 'antd';
import { Modal } from '../../shared/widgets/Modal';
import { CarOutlined, MoreOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import dayjs, { type Dayjs } from 'dayjs';
import { BOARD_NOTE_DOC, documentByName, type BoardNote, type BoardQuery } from '@tpl/contracts';
import { formatNumber, inDisplayZone, instantOfPicked } from '../../shared/format';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { boardColumns, finalStatesOf, notesIn, notesOn, scheduleOf } from './board.model';
import { useBoard, useBoardDispatch, useDrivers, useLines, useVehicles, type LiveState } from './hooks';
import type { Vehicle } from './api';
import './transport.css';

const noteDef = documentByName(BOARD_NOTE_DOC);
const DRAG_TYPE = 'application/x-tpl-note';
const today = () => inDisplayZone(new Date()).format('YYYY-MM-DD');
/** How the departure is picked and read: the date and the hour and minute, yyyy-MM-dd HH:mm (never the browser's own locale format). */
const DEPARTURE_FORMAT = 'YYYY-MM-DD HH:mm';
const viewPath = (id: string) => (noteDef ? noteDef.routes.view.replace(':id', id) : '#');

const LIVE_STATUS: Record<LiveState, 'success' | 'processing' | 'error'> = { live: 'success', connecting: 'processing', offline: 'error' };

type DropTarget = { carNo: string; driverCode?: string | undefined; carrierCode?: string | undefined };

/**
 * /dispatchBoard: consignment notes in columns by state, vehicles (with their driver, what
 * they carry and today's schedule) as drop targets. Dropping a note on a vehicle (or "Dispatch
 * to…" on the card's menu, for the keyboard) sends the board's one-step dispatch with the
 * version the board shows; a lost race shows the server's message and the board reloads, so the
 * note snaps to where it really is. Other dispatchers' moves arrive by the board's stream.
 */
export const BoardPage = () => {
  const { t } = useTranslation();
  const stateLabel = (s: string) => t(`${BOARD_NOTE_DOC}.states.${s}`, { defaultValue: s });
  const [draft, setDraft] = useState<BoardQuery>({});
  const [query, setQuery] = useState<BoardQuery>({});
  const { board, live } = useBoard(query);
  const vehicles = useVehicles();
  const drivers = useDrivers();
  const dispatch = useBoardDispatch(query);
  const [lost, setLost] = useState<string>();
  const [over, setOver] = useState<string>();
  const [menuNote, setMenuNote] = useState<BoardNote>();
  const [menuCar, setMenuCar] = useState<string>();
  // what every drop carries besides the note and the vehicle: the route (when the note names none) and the departure
  const [route, setRoute] = useState<string>();
  const [departure, setDeparture] = useState<Dayjs | null>(null);
  const lines = useLines();

  const columns = useMemo(() => boardColumns(noteDef), []);
  const finals = useMemo(() => finalStatesOf(noteDef), []);
  const notes = board.data?.notes ?? [];
  const driverName = useMemo(() => new Map((drivers.data ?? []).map((d) => [String(d.code), String(d.name ?? d.code)])), [drivers.data]);
  const liveVehicles = (vehicles.data ?? []).filter((v) => Number(v.invalid ?? 0) !== 1);
  const day = query.date ?? today();

  const send = (note: BoardNote, target: DropTarget) => {
    setLost(undefined);
    dispatch.mutate(
      {
        notes: [{ id: note.id, version: note.version }],
        carNo: target.carNo,
        ...(target.driverCode ? { driverCode: target.driverCode } : {}),
        ...(target.carrierCode ? { carrierCode: target.carrierCode } : {}),
        ...(!note.lineCode && (route ?? query.lineCode) ? { lineCode: route ?? query.lineCode } : {}),
        // the departure as picked on the tenant's clock (its business time zone), whatever the browser's
        ...(departure ? { plannedStart: instantOfPicked(departure) } : {}),
      },
      {
        onSuccess: (r) => void message.success(t('board.dispatched', { note: note.billNo, car: target.carNo, bill: r.dispatch.billNo })),
        onError: (e) => setLost(e instanceof ApiError || e instanceof Error ? e.message : String(e)),
      },
    );
  };

  const targetOf = (v: Vehicle): DropTarget => ({ carNo: String(v.carNo), driverCode: v.driverCode ? String(v.driverCode) : undefined, carrierCode: v.carrierCode ? String(v.carrierCode) : undefined });

  const onDrop = (e: DragEvent, v: Vehicle) => {
    e.preventDefault();
    setOver(undefined);
    const id = e.dataTransfer.getData(DRAG_TYPE) || e.dataTransfer.getData('text/plain');
    const note = notes.find((n) => n.id === id);
    if (note) send(note, targetOf(v));
  };

  const card = (n: BoardNote, compact = false) => (
    <div
      key={n.id}
      className={`board-card${compact ? ' board-card-compact' : ''}`}
      data-testid={`${compact ? 'carried' : 'note'}-${n.billNo}`}
      data-state={n.state}
      data-version={n.version}
      draggable={!finals.includes(n.state)}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, n.id);
        e.dataTransfer.setData('text/plain', n.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <Space size={4} style={{ justifyContent: 'space-between', width: '100%' }}>
        <Link to={viewPath(n.id)} title={t('board.openNote')}>
          <Typography.Text strong>{n.billNo}</Typography.Text>
        </Link>
        {!finals.includes(n.state) && (
          <Dropdown
            trigger={['click']}
            menu={{ items: [{ key: 'dispatch', label: t('board.dispatchTo'), onClick: () => setMenuNote(n) }] }}
          >
            <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t('board.dispatchTo')} data-testid={`note-menu-${n.billNo}`} />
          </Dropdown>
        )}
      </Space>
      {!compact && (
        <div className="board-card-body">
          <div>{n.consigneeName}</div>
          <Typography.Text type="secondary">
            {n.customerCode} · {n.plannedDate ?? n.billDate}
            {n.lineCode ? ` · ${n.lineCode}` : ''}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary">
              {t('board.card.totals', { packages: formatNumber(n.totals.packages ?? 0), weg: formatNumber(n.totals.weg ?? 0), volume: formatNumber(n.totals.volume ?? 0) })}
            </Typography.Text>
          </div>
          {n.carNo && (
            <Tag icon={<CarOutlined />} color="blue">
              {n.carNo}
            </Tag>
          )}
          {n.freight !== null && <Tag>{t('board.card.freight', { amount: formatNumber(n.freight) })}</Tag>}
        </div>
      )}
    </div>
  );

  return (
    <div className="dispatch-board" data-testid="dispatch-board" data-position={board.data?.position ?? ''}>
      <Space style={{ marginBottom: 12, flexWrap: 'wrap' }} align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('board.title')}
        </Typography.Title>
        <span data-testid="board-live" data-live={live}>
          <Badge status={LIVE_STATUS[live]} text={t(`board.live.${live}`)} />
        </span>
        <Input
          placeholder={t('board.filters.lineCode')}
          aria-label={t('board.filters.lineCode')}
          data-testid="filter-lineCode"
          allowClear
          value={draft.lineCode ?? ''}
          onChange={(e) => setDraft({ ...draft, lineCode: e.target.value || undefined })}
          style={{ width: 140 }}
        />
        <Input
          placeholder={t('board.filters.customerCode')}
          aria-label={t('board.filters.customerCode')}
          data-testid="filter-customerCode"
          allowClear
          value={draft.customerCode ?? ''}
          onChange={(e) => setDraft({ ...draft, customerCode: e.target.value || undefined })}
          style={{ width: 140 }}
        />
        <DatePicker
          placeholder={t('board.filters.date')}
          aria-label={t('board.filters.date')}
          data-testid="filter-date"
          value={draft.date ? dayjs(draft.date) : null}
          onChange={(d) => setDraft({ ...draft, date: d ? d.format('YYYY-MM-DD') : undefined })}
        />
        <Button type="primary" data-testid="filter-apply" onClick={() => setQuery(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)) as BoardQuery)}>
          {t('board.filters.apply')}
        </Button>
        <Button
          onClick={() => {
            setDraft({});
            setQuery({});
          }}
        >
          {t('board.filters.reset')}
        </Button>
      </Space>
      <Space style={{ marginBottom: 12, flexWrap: 'wrap' }} align="center" data-testid="drop-settings">
        <Typography.Text type="secondary">{t('board.dropWith')}</Typography.Text>
        <Select
          allowClear
          showSearch
          placeholder={t('board.route')}
          aria-label={t('board.route')}
          data-testid="drop-route"
          style={{ width: 200 }}
          value={route}
          onChange={(v) => setRoute(v || undefined)}
          options={(lines.data ?? []).map((l) => ({ value: String(l.code), label: `${l.code} ${l.name ?? ''}` }))}
        />
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format={DEPARTURE_FORMAT}
          placeholder={t('board.departure')}
          aria-label={t('board.departure')}
          title={t('board.departure')}
          data-testid="drop-departure"
          value={departure}
          onChange={(d) => setDeparture(d)}
          style={{ width: 220 }}
        />
      </Space>
      {lost && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setLost(undefined)}
          data-testid="board-lost"
          message={t('board.lost')}
          description={
            <>
              <div data-testid="board-lost-message">{lost}</div>
              <div>{t('board.snapped')}</div>
            </>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      {board.isPending ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <>
          <Typography.Title level={5}>{t('board.vehicles')}</Typography.Title>
          <div className="board-vehicles" data-testid="board-vehicles">
            {liveVehicles.length === 0 && <Empty description={t('board.noVehicles')} />}
            {liveVehicles.map((v) => {
              const carNo = String(v.carNo);
              const carried = notesOn(notes, carNo, finals);
              const schedule = scheduleOf(board.data?.dispatches ?? [], carNo, day);
              const driver = v.driverCode ? driverName.get(String(v.driverCode)) ?? String(v.driverCode) : undefined;
              return (
                <Card
                  key={carNo}
                  size="small"
                  className={`board-vehicle${over === carNo ? ' board-vehicle-over' : ''}`}
                  data-testid={`vehicle-${carNo}`}
                  title={
                    <Space size={4}>
                      <CarOutlined />
                      {carNo}
                    </Space>
                  }
                  extra={<Typography.Text type="secondary">{driver ? t('board.driver', { name: driver }) : t('board.noDriver')}</Typography.Text>}
                  onDragOver={(e) => {
                    e.preventDefault();
                    e.dataTransfer.dropEffect = 'move';
                    if (over !== carNo) setOver(carNo);
                  }}
                  onDragLeave={() => setOver((o) => (o === carNo ? undefined : o))}
                  onDrop={(e) => onDrop(e, v)}
                >
                  <div className="board-vehicle-notes">
                    <Typography.Text type="secondary">{t('board.carrying', { count: carried.length })}</Typography.Text>
                    {carried.map((n) => card(n, true))}
                    {carried.length === 0 && <div className="board-drop-hint">{t('board.dropHere')}</div>}
                  </div>
                  <div className="board-schedule" data-testid={`schedule-${carNo}`}>
                    <Typography.Text type="secondary">{t('board.schedule')}</Typography.Text>
                    {schedule.length === 0 ? (
                      <div className="board-drop-hint">{t('board.noSchedule')}</div>
                    ) : (
                      schedule.map((d) => (
                        <div key={d.id}>
                          <Tag>{d.billNo}</Tag>
                          {d.plannedStart ? t('board.window', { start: inDisplayZone(d.plannedStart).format('HH:mm'), end: d.plannedEnd ? inDisplayZone(d.plannedEnd).format('HH:mm') : '' }) : ''}
                        </div>
                      ))
                    )}
                  </div>
                </Card>
              );
            })}
          </div>
          <div className="board-columns" data-testid="board-columns">
            {columns.map((s) => {
              const inColumn = notesIn(notes, s, query);
              return (
                <div key={s} className="board-column" data-testid={`column-${s}`}>
                  <div className="board-column-head">
                    <Typography.Text strong>{stateLabel(s)}</Typography.Text> <Tag>{inColumn.length}</Tag>
                  </div>
                  {inColumn.map((n) => card(n))}
                  {inColumn.length === 0 && <div className="board-drop-hint">{t('board.emptyColumn')}</div>}
                </div>
              );
            })}
          </div>
        </>
      )}
      <Modal
        open={!!menuNote}
        title={menuNote ? `${t('board.dispatchTo')} ${menuNote.billNo}` : ''}
        okText={t('board.dispatch')}
        okButtonProps={{ disabled: !menuCar, 'data-testid': 'dispatch-to-ok' } as never}
        onCancel={() => {
          setMenuNote(undefined);
          setMenuCar(undefined);
        }}
        onOk={() => {
          const v = liveVehicles.find((x) => String(x.carNo) === menuCar);
          if (menuNote && v) send(menuNote, targetOf(v));
          setMenuNote(undefined);
          setMenuCar(undefined);
        }}
      >
        <Select
          style={{ width: '100%' }}
          data-testid="dispatch-to-vehicle"
          placeholder={t('board.pickVehicle')}
          value={menuCar}
          onChange={setMenuCar}
          showSearch
          options={liveVehicles.map((v) => ({ value: String(v.carNo), label: `${v.carNo}${v.driverCode ? ` · ${driverName.get(String(v.driverCode)) ?? v.driverCode}` : ''}` }))}
        />
      </Modal>
    </div>
  );
};
