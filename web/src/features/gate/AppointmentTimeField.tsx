import { useState } from 'react';
import { Alert, DatePicker, Empty, Form, Radio, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appointment, gateApiRoutes as R, type DockDay } from '@tpl/contracts';
import { request } from '../../api/client';
import { inDisplayZone } from '../../shared/format';
import { FieldInput } from '../../shared/widgets/FieldInput';

const DAY = 'YYYY-MM-DD';

type Props = { value?: unknown; onChange?: (value: never) => void; disabled?: boolean; id?: string };

/**
 * The appointment time of a driver's registration (issue 31): with no dock, the time typed as any
 * date and time; with a dock chosen, a day and then one of the dock's free slots of that day, whose
 * start fills the time (no time is typed). Taken slots are shown disabled with the appointment
 * holding them, past ones disabled too. The server still refuses a slot taken meanwhile (409).
 */
export const AppointmentTimeField = ({ value, onChange, disabled, id }: Props) => {
  const form = Form.useFormInstance();
  const dockCode = Form.useWatch('dockCode', form) as string | undefined;
  const set = onChange as ((v: unknown) => void) | undefined;
  if (!dockCode) {
    return <FieldInput def={appointment} name="appointmentTime" field={appointment.header.appointmentTime} value={value} onChange={set} id={id} testId="appointmentTime" />;
  }
  return <DockSlotPicker dockCode={dockCode} value={typeof value === 'string' ? value : undefined} onChange={set} disabled={disabled} id={id} />;
};

const DockSlotPicker = ({ dockCode, value, onChange, disabled, id }: { dockCode: string; value?: string | undefined; onChange?: ((v: unknown) => void) | undefined; disabled?: boolean | undefined; id?: string | undefined }) => {
  const { t } = useTranslation();
  // the day on the site's clock (the display zone), the day the dock's slots are cut on
  const today = inDisplayZone(Date.now()).format(DAY);
  const [day, setDay] = useState(() => (value ? inDisplayZone(value).format(DAY) : today));
  const slots = useQuery({
    queryKey: ['gate', 'dock-slots', dockCode, day],
    queryFn: ({ signal }) => request<DockDay>('GET', R.dockSlots.path, { query: { dockCode, day }, signal }),
  });
  const chosen = slots.data?.slots.find((s) => s.slotStart === (value ? new Date(value).toISOString() : ''));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="slot-picker">
      <DatePicker
        value={dayjs(day, DAY)}
        onChange={(d) => {
          if (!d) return;
          setDay(d.format(DAY));
          onChange?.(undefined);
        }}
        allowClear={false}
        disabledDate={(d) => d.format(DAY) < today}
        disabled={disabled}
        style={{ width: 240 }}
        id={id}
        data-testid="slot-day"
      />
      {slots.isPending && <Spin size="small" />}
      {slots.error && <Alert type="error" showIcon title={slots.error.message} />}
      {slots.data && !slots.data.slots.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gate.slots.none')} />}
      {slots.data && slots.data.slots.length > 0 && (
        <Radio.Group value={chosen?.slotStart} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} data-testid="slot-options">
          <Space wrap>
            {slots.data.slots.map((s) => {
              const range = t('gate.slots.range', { from: s.from, to: s.to });
              const label = s.status === 'free' ? range : s.status === 'past' ? t('gate.slots.past', { range }) : s.billNo ? t('gate.slots.takenBy', { range, billNo: s.billNo }) : t('gate.slots.taken', { range });
              return (
                <Radio.Button key={s.slotStart} value={s.slotStart} disabled={s.status !== 'free'}>
                  <span data-testid={`slot-${s.from}`} data-status={s.status} data-start={s.slotStart}>
                    {label}
                  </span>
                </Radio.Button>
              );
            })}
          </Space>
        </Radio.Group>
      )}
      {chosen && (
        <Typography.Text type="secondary" data-testid="slot-chosen">
          {t('gate.slots.chosen', { dock: `${dockCode} ${slots.data?.dockName ?? ''}`.trim(), day, range: t('gate.slots.range', { from: chosen.from, to: chosen.to }) })}
        </Typography.Text>
      )}
    </Space>
  );
};
