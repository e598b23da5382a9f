import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Space, Table, Tag, message } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { DATE_TIME_FORMAT, instantOfPicked, pickerValueOf } from '../../shared/format';
import { documentByName, type KitDocument } from '@tpl/contracts';
import { useDocumentAction } from '../documents/hooks';
import { DocumentHeading, DocumentScreen } from '../documents/DocumentScreen';
import { transportApi } from './api';
import { SignaturePad, type SignaturePadHandle } from '../../shared/SignaturePad';
import { SigningProof } from './SigningProof';
import { linesToSign, outcomeOf, refuse, signingIssues, type SigningLine } from './signing.model';

const def = documentByName('deliverybill')!;
const SIGNABLE = ['ToSign', 'ReceivedEarly'];

/**
 * /deliveryBill/deliveryBillEdit/:id, the signing confirmation: signer, time, per line the
 * refused quantity (the rest is signed) with a reason when anything is refused, a signature
 * drawn on screen and photos. The signature (PNG) and every photo are stored as attachments
 * first; then the delivery bill's sign / signPartially / refuse action (which follows from the
 * quantities) records their ids, at the version shown. A signed bill shows its proof instead.
 */
export const SigningPage = () => {
  const navigate = useNavigate();
  return (
    <DocumentScreen def={def} titleKey="signing.title">
      {(doc) => <SigningForm key={`${doc.id}:${doc.version}`} doc={doc} onDone={() => navigate(def.routes.view.replace(':id', doc.id))} />}
    </DocumentScreen>
  );
};

const SigningForm = ({ doc, onDone }: { doc: KitDocument; onDone: () => void }) => {
  const { t } = useTranslation();
  const act = useDocumentAction(def);
  const pad = useRef<SignaturePadHandle>(null);
  const [signer, setSigner] = useState(String((doc.consignee as { linkman?: string } | undefined)?.linkman ?? ''));
  const [signedAt, setSignedAt] = useState<Dayjs>(() => pickerValueOf(new Date()));
  const [lines, setLines] = useState<SigningLine[]>(() => linesToSign(doc));
  const [reason, setReason] = useState('');
  const [drawn, setDrawn] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  const [shown, setShown] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const outcome = outcomeOf(lines);
  const issues = useMemo(() => signingIssues(lines, reason, drawn, signer), [lines, reason, drawn, signer]);
  const signable = SIGNABLE.includes(doc.state);

  const submit = async () => {
    setShown(issues);
    if (issues.length) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const png = await pad.current?.toBlob();
      if (!png) return setShown(['signing.signatureNeeded']);
      const signature = await transportApi.upload(png, `signature-${doc.billNo}.png`);
      const stored = [];
      for (const p of photos) stored.push(await transportApi.upload(p, p.name));
      await act.mutateAsync({
        action: outcome,
        body: {
          id: doc.id,
          version: doc.version,
          signer: signer.trim(),
          signedAt: instantOfPicked(signedAt),
          signature: signature.id,
          photos: stored.map((s) => ({ attachId: s.id })),
          signedLines: lines.map((l) => ({ materialCode: l.materialCode, signedQty: l.signedQty, refusedQty: l.refusedQty })),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        },
      });
      void message.success(t('signing.done'));
      onDone();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="signing-page">
      <Card size="small">
        <DocumentHeading def={def} doc={doc} title={t('signing.title')} testId="signing">
          {typeof doc.noteBillNo === 'string' && <Tag>{`${t('signing.note')} ${doc.noteBillNo}`}</Tag>}
        </DocumentHeading>
      </Card>
      {!signable ? (
        <Card size="small" title={t('signing.signatureShown')}>
          <SigningProof doc={doc} />
        </Card>
      ) : (
        <Card size="small">
          {failure && <Alert type="error" showIcon title={failure} data-testid="signing-error" style={{ marginBottom: 12 }} />}
          {shown.length > 0 && (
            <Alert type="warning" showIcon data-testid="signing-issues" style={{ marginBottom: 12 }} title={shown.map((k) => t(k)).join('；')} />
          )}
          <Form layout="vertical">
            <Space wrap size="large">
              <Form.Item label={t('signing.signer')} required>
                <Input data-testid="signing-signer" value={signer} maxLength={50} onChange={(e) => setSigner(e.target.value)} style={{ width: 220 }} />
              </Form.Item>
              <Form.Item label={t('signing.signedAt')} required>
                <DatePicker showTime format={DATE_TIME_FORMAT} data-testid="signing-signedAt" value={signedAt} onChange={(d) => d && setSignedAt(d)} allowClear={false} />
              </Form.Item>
            </Space>
            <Form.Item label={t('signing.lines')}>
              <Table<SigningLine>
                size="small"
                pagination={false}
                rowKey="materialCode"
                dataSource={lines}
                data-testid="signing-lines"
                columns={[
                  { title: t('signing.material'), render: (_, l) => `${l.materialCode} ${l.name}` },
                  { title: t('signing.qty'), dataIndex: 'qty' },
                  { title: t('signing.signedQty'), render: (_, l, i) => <span data-testid={`signing-line-${i}-signed`}>{l.signedQty}</span> },
                  {
                    title: t('signing.refusedQty'),
                    render: (_, l, i) => (
                      <InputNumber
                        min={0}
                        max={l.qty}
                        value={l.refusedQty}
                        data-testid={`signing-line-${i}-refused`}
                        onChange={(v) => setLines(lines.map((x, k) => (k === i ? refuse(x, Number(v ?? 0)) : x)))}
                      />
                    ),
                  },
                ]}
              />
            </Form.Item>
            <Form.Item label={t('signing.reason')} required={outcome !== 'sign'}>
              <Input.TextArea data-testid="signing-reason" value={reason} maxLength={200} rows={2} onChange={(e) => setReason(e.target.value)} />
            </Form.Item>
            <Form.Item label={t('signing.signature')} required>
              <SignaturePad ref={pad} onChange={(empty) => setDrawn(!empty)} />
            </Form.Item>
            <Form.Item label={t('signing.photos')}>
              <input type="file" accept="image/*" multiple data-testid="signing-photos" aria-label={t('signing.addPhoto')} onChange={(e) => setPhotos([...(e.target.files ?? [])])} />
              <div>
                {photos.map((p) => (
                  <Tag key={p.name}>{p.name}</Tag>
                ))}
              </div>
            </Form.Item>
            <Space>
              <Tag color={outcome === 'sign' ? 'green' : outcome === 'refuse' ? 'red' : 'orange'} data-testid="signing-outcome" data-outcome={outcome}>
                {t(`signing.outcome.${outcome}`)}
              </Tag>
              <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="signing-submit">
                {t('signing.submit')}
              </Button>
            </Space>
          </Form>
        </Card>
      )}
    </Space>
  );
};
