import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Input, Row, Space, Spin, Switch, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { appointment, documentPath } from '@tpl/contracts';
import { allowedDocumentActions } from '@tpl/workflows';
import { ActionDialog } from '../documents/ActionDialog';
import { useDocument, useDocumentList } from '../documents/hooks';
import { useDocumentLabels } from '../documents/labels';
import { useDocumentButtons } from '../documents/permissions';
import { StateTag } from '../documents/StateTag';
import { RefName } from '../../shared/widgets/FieldValue';
import { inDisplayZone, instantOfWallClock } from '../../shared/format';
import type { DocumentListRow } from '../../api/documents';

/** The steps the gate takes, in the order a visit goes. */
const GATE_ACTIONS = ['checkIn', 'inspect', 'refuse', 'checkOut'] as const;
const WAITING = ['Booked', 'CheckedIn', 'Inspected'];
const ALL_TODAY = [...WAITING, 'CheckedOut', 'Refused', 'NoShow'];

/** A step's dialog, once the appointment is read (the kit's dialog: its fields, photo and refusal). */
const GateDialog = ({ id, action, onClose }: { id: string; action: string; onClose: () => void }) => {
  const doc = useDocument(appointment, id);
  if (!doc.data) return null;
  return <ActionDialog def={appointment} doc={doc.data} action={action} onClose={onClose} />;
};

const ArrivalCard = ({ row, onAct }: { row: DocumentListRow; onAct: (action: string) => void }) => {
  const { t, action: actionLabel, enumValue } = useDocumentLabels(appointment);
  const navigate = useNavigate();
  const can = useDocumentButtons(appointment);
  const allowed = allowedDocumentActions(appointment, row.state, row.isReview).filter((a) => (GATE_ACTIONS as readonly string[]).includes(a) && can(a));
  const time = typeof row.appointmentTime === 'string' ? inDisplayZone(row.appointmentTime).format('HH:mm') : '';
  return (
    <Card
      size="small"
      data-testid={`arrival-${row.billNo}`}
      data-state={row.state}
      title={
        <Space wrap>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {String(row.carNo ?? '') || String(row.visitName ?? '')}
          </Typography.Text>
          <Tag>{enumValue('visitType', String(row.visitType ?? ''))}</Tag>
        </Space>
      }
      extra={<StateTag def={appointment} state={row.state} testId={`arrival-state-${row.billNo}`} />}
    >
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Typography.Text>
          {String(row.visitName ?? '')} · {String(row.phone ?? '')}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('gate.checkIn.expected', { time })} · {row.billNo}
          {typeof row.dockCode === 'string' && row.dockCode ? (
            <>
              {' · '}
              <RefName entity="dock" code={row.dockCode} />
            </>
          ) : null}
        </Typography.Text>
        <Space wrap style={{ marginTop: 8 }}>
          {allowed.map((a) => (
            <Button key={a} size="large" type={a === 'refuse' ? 'default' : 'primary'} danger={a === 'refuse'} onClick={() => onAct(a)} data-testid={`gate-${a}-${row.billNo}`}>
              {actionLabel(a)}
            </Button>
          ))}
          <Button size="large" onClick={() => navigate(documentPath(appointment, 'view', row.id))} data-testid={`gate-open-${row.billNo}`}>
            {t('gate.checkIn.open')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
};

/**
 * The guard's screen (issue 31), made for a tablet at the gate: today's expected arrivals (booked,
 * in, inspected; those gone too on request), found by plate or mobile as typed, each a card with
 * the steps the guard may take now in large buttons: check in at a gate, inspection passed (with a
 * photo where the location asks for one) or refused, check out. Each step is the appointment's own
 * action, in the kit's dialog.
 */
export const GateCheckInPage = () => {
  const { t } = useDocumentLabels(appointment);
  const [typed, setTyped] = useState('');
  const [all, setAll] = useState(false);
  const [open, setOpen] = useState<{ id: string; action: string } | null>(null);
  const query = useMemo(() => {
    const q = typed.trim();
    const byPhone = /^\d+$/.test(q);
    return {
      // the site's day (the console's display zone), not the browser's: a tablet set to another zone lists the gate's day
      appointmentTimeFrom: instantOfWallClock(`${inDisplayZone(Date.now()).format('YYYY-MM-DD')}T00:00:00`),
      appointmentTimeTo: new Date(Date.parse(instantOfWallClock(`${inDisplayZone(Date.now()).add(1, 'day').format('YYYY-MM-DD')}T00:00:00`)) - 1).toISOString(),
      state: (all ? ALL_TODAY : WAITING).join(','),
      sort: 'appointmentTime',
      order: 'asc',
      size: 50,
      current: 1,
      ...(q ? (byPhone ? { phone: q } : { carNo: q.toUpperCase() }) : {}),
    };
  }, [typed, all]);
  const list = useDocumentList(appointment, query);
  const rows = list.data?.records ?? [];

  return (
    <div data-testid="gate-checkin">
      <Space wrap size="middle" style={{ marginBottom: 16 }}>
        <Input.Search size="large" allowClear placeholder={t('gate.checkIn.search')} value={typed} onChange={(e) => setTyped(e.target.value)} style={{ width: 320 }} data-testid="gate-search" />
        <Space>
          <Switch checked={all} onChange={setAll} data-testid="gate-all" />
          <span>{t('gate.checkIn.showAll')}</span>
        </Space>
        <Button size="large" icon={<ReloadOutlined />} onClick={() => void list.refetch()} data-testid="gate-refresh">
          {t('gate.checkIn.refresh')}
        </Button>
        <Typography.Text type="secondary" data-testid="gate-count">
          {t('gate.checkIn.today', { count: list.data?.total ?? 0 })}
        </Typography.Text>
      </Space>
      {list.isPending ? (
        <Spin style={{ display: 'block', margin: '64px auto' }} />
      ) : rows.length === 0 ? (
        <Empty description={t('gate.checkIn.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {rows.map((row) => (
            <Col key={row.id} xs={24} md={12} xl={8}>
              <ArrivalCard row={row} onAct={(action) => setOpen({ id: row.id, action })} />
            </Col>
          ))}
        </Row>
      )}
      {open && <GateDialog key={`${open.id}:${open.action}`} id={open.id} action={open.action} onClose={() => setOpen(null)} />}
    </div>
  );
};
