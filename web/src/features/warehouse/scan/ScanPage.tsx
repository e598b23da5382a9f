import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, Progress, Result, Spin, Tag, Typography, type InputRef } from 'antd';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { scanModeSchema, type ScanMode } from '@tpl/contracts';
import { leftOf, nextPlace, openTasks, progressOf, scanMachineWith, type ScanError } from '@tpl/workflows';
import { scanApi } from './api';
import { beep } from './beep';
import { savedScans } from './saved';

const BUSY = ['loadingBill', 'submitting', 'finishing', 'reloading'] as const;
const COLORS = { error: '#ff4d4f', errorBg: '#fff1f0', ok: '#52c41a', okBg: '#f6ffed', idle: '#1677ff', idleBg: '#ffffff' };
const big = { height: 64, fontSize: 22 } as const;

/** /scan/:mode — receive, put away or pick one bill with a scanner (or by typing), phone-sized. */
export const ScanRoute = () => {
  const { mode } = useParams();
  const parsed = scanModeSchema.safeParse(mode);
  if (!parsed.success) return <Navigate to="/404" replace />;
  // a new mode is a new machine
  return <ScanPage key={parsed.data} mode={parsed.data} />;
};

const ScanPage = ({ mode }: { mode: ScanMode }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const machine = useMemo(() => scanMachineWith({ loadBill: scanApi.load, submit: scanApi.submit }), []);
  const [snapshot, send] = useMachine(machine, { input: { mode } });
  const [value, setValue] = useState('');
  const input = useRef<InputRef>(null);
  const ctx = snapshot.context;
  const state = String(snapshot.value);
  const busy = BUSY.some((b) => snapshot.matches(b));
  const isError = state === 'error';

  // a wrong scan beeps; the input keeps the focus so the next scan lands in it
  useEffect(() => {
    if (isError) beep();
  }, [isError, ctx.error]);
  useEffect(() => {
    if (!busy) input.current?.focus();
  }, [state, busy]);
  // what is confirmed and not sent stays on the phone, so the bill reopened shows it; once sent, forgotten
  const bill = ctx.bill;
  useEffect(() => {
    if (!bill) return;
    if (state === 'done') savedScans.clear(mode, bill);
    else savedScans.write(mode, bill, ctx.done);
  }, [mode, bill, ctx.done, state]);

  const submit = () => {
    const typed = value;
    setValue('');
    if (state === 'confirm') return send(typed.trim() ? { type: 'SCAN', value: typed } : { type: 'CONFIRM' });
    if (isError && !typed.trim()) return send({ type: 'DISMISS' });
    send({ type: 'SCAN', value: typed });
  };

  const errorText = (e: ScanError | undefined) => (!e ? '' : 'message' in e ? e.message : t(e.key, e.vars));
  const open = openTasks(ctx).length;
  const progress = progressOf(ctx);
  const expected = nextPlace(ctx);
  const task = ctx.task;
  const promptKey = state === 'error' ? ctx.resume : state === 'loadingBill' ? 'bill' : state;
  const colour = isError ? COLORS.error : state === 'done' ? COLORS.ok : COLORS.idle;
  const background = isError ? COLORS.errorBg : state === 'done' ? COLORS.okBg : COLORS.idleBg;

  return (
    <div style={{ maxWidth: 480, minHeight: '100vh', margin: '0 auto', padding: 12, display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="scan-page">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t(`warehouse.scan.title.${mode}`)}
        </Typography.Title>
        <Button size="large" onClick={() => navigate(-1)}>
          {t('warehouse.scan.back')}
        </Button>
      </div>

      {ctx.bill && (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Tag style={{ fontSize: 16, padding: '4px 8px' }} data-testid="scan-bill">
            {ctx.bill.billNo}
          </Tag>
          <div style={{ flex: 1 }} data-testid="scan-progress" data-percent={progress.percent} data-done={progress.done} data-total={progress.total}>
            <Progress percent={progress.percent} size="small" style={{ margin: 0 }} />
          </div>
          <span data-testid="scan-open">{t('warehouse.scan.tasks', { n: open })}</span>
        </div>
      )}

      <div
        data-testid="scan-panel"
        data-state={state}
        style={{ border: `3px solid ${colour}`, background, borderRadius: 12, padding: 16, minHeight: 180, display: 'flex', flexDirection: 'column', gap: 8, justifyContent: 'center' }}
      >
        {busy ? (
          <div style={{ textAlign: 'center', fontSize: 20 }} data-testid="scan-pending">
            <Spin /> {t(state === 'loadingBill' ? 'warehouse.scan.loading' : 'warehouse.scan.pending')}
          </div>
        ) : state === 'done' ? (
          <Result status="success" title={t('warehouse.scan.doneMessage', { billNo: ctx.bill?.billNo ?? '' })} style={{ padding: 8 }} />
        ) : (
          <>
            <div style={{ fontSize: 24, fontWeight: 600 }} data-testid="scan-prompt">
              {t(`warehouse.scan.prompt.${promptKey}`)}
            </div>
            {isError && (
              <div style={{ fontSize: 18, color: COLORS.error, fontWeight: 600 }} data-testid="scan-error">
                {errorText(ctx.error)}
              </div>
            )}
            {expected && (promptKey === 'place' || promptKey === 'item') && <div style={{ fontSize: 18 }}>{t('warehouse.scan.expectPlace', { place: expected })}</div>}
            {ctx.place && promptKey !== 'place' && <div style={{ fontSize: 18 }} data-testid="scan-place">{t('warehouse.scan.placeScanned', { place: ctx.place })}</div>}
            {task && (promptKey === 'quantity' || promptKey === 'confirm') && (
              <div style={{ fontSize: 18 }} data-testid="scan-task">
                <div style={{ fontWeight: 600 }}>
                  {task.materialCode} {task.materialName}
                </div>
                <div>
                  {t('warehouse.scan.line', { line: task.lineNumber })} · {task.batchNo || '-'} · {task.barcode}
                </div>
                <div>{t('warehouse.scan.left', { qty: leftOf(ctx, task) })}</div>
                {ctx.qty !== undefined && promptKey === 'confirm' && <div style={{ fontSize: 28, fontWeight: 700 }}>× {ctx.qty}</div>}
              </div>
            )}
          </>
        )}
      </div>

      <Input
        ref={input}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={submit}
        disabled={busy}
        placeholder={t('warehouse.scan.input')}
        inputMode={state === 'quantity' ? 'decimal' : 'text'}
        autoComplete="off"
        style={big}
        data-testid="scan-input"
      />

      {state === 'confirm' && (
        <Button type="primary" block style={big} onClick={() => send({ type: 'CONFIRM' })} data-testid="scan-confirm">
          {t('warehouse.scan.confirm')}
        </Button>
      )}
      {isError && (
        <Button danger type="primary" block style={big} onClick={() => send({ type: 'DISMISS' })} data-testid="scan-dismiss">
          {t('warehouse.scan.dismiss')}
        </Button>
      )}
      {(state === 'item' || state === 'quantity' || state === 'confirm') && (
        <Button block style={big} onClick={() => send({ type: 'BACK' })} data-testid="scan-step-back">
          {t('warehouse.scan.back')}
        </Button>
      )}
      {(ctx.bill || state === 'done') && !busy && (
        <Button block style={big} onClick={() => send({ type: 'RESTART' })} data-testid="scan-restart">
          {t('warehouse.scan.restart')}
        </Button>
      )}
    </div>
  );
};
