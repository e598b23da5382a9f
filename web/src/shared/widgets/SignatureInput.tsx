import { useEffect, useRef, useState } from 'react';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { attachmentApi } from '../../api/attachments';
import { ApiError } from '../../api/client';
import { SignaturePad, type SignaturePadHandle } from '../SignaturePad';

/** How long the pen may rest before what was drawn is stored (a signature is several strokes). */
const SETTLE_MS = 700;

type Props = {
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  testId?: string;
  id?: string;
};

/**
 * A signature drawn on screen for a form: once the pen rests, the drawing is stored as an image
 * attachment and its id becomes the field's value; drawing more stores it again, clearing the
 * pad empties the field.
 */
export const SignatureInput = ({ onChange, testId, id }: Props) => {
  const { t } = useTranslation();
  const pad = useRef<SignaturePadHandle>(null);
  const [state, setState] = useState<'empty' | 'drawing' | 'saving' | 'saved' | 'failed'>('empty');
  const [failure, setFailure] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const round = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  const store = async () => {
    const mine = ++round.current;
    const png = await pad.current?.toBlob();
    if (!png) return;
    setState('saving');
    try {
      const stored = await attachmentApi.upload(png, 'signature.png');
      // a stroke drawn while this one was stored is stored again: only the last drawing counts
      if (mine !== round.current) return;
      onChange?.(stored.id);
      setState('saved');
    } catch (error) {
      if (mine !== round.current) return;
      setFailure(error instanceof ApiError ? error.message : String(error));
      setState('failed');
    }
  };

  return (
    <Space orientation="vertical" size={4} data-testid={testId} id={id} data-state={state}>
      <SignaturePad
        ref={pad}
        onStroke={() => {
          clearTimeout(timer.current);
          setState('drawing');
          timer.current = setTimeout(() => void store(), SETTLE_MS);
        }}
        onChange={(empty) => {
          if (!empty) return;
          clearTimeout(timer.current);
          round.current++;
          setState('empty');
          onChange?.(undefined);
        }}
      />
      {state === 'saving' && <Typography.Text type="secondary">{t('md.signature.saving')}</Typography.Text>}
      {state === 'saved' && (
        <Typography.Text type="success" data-testid={testId ? `${testId}-saved` : undefined}>
          {t('md.signature.saved')}
        </Typography.Text>
      )}
      {state === 'failed' && <Typography.Text type="danger">{t('md.upload.failed', { message: failure ?? '' })}</Typography.Text>}
    </Space>
  );
};
