import { forwardRef, useImperativeHandle, useRef, useState, type PointerEvent } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type SignaturePadHandle = {
  /** the drawing as a PNG, or undefined while nothing is drawn */
  toBlob(): Promise<Blob | undefined>;
  isEmpty(): boolean;
  clear(): void;
};

const PAD_STYLE = { border: '1px dashed #8c8c8c', borderRadius: 4, background: '#fff', touchAction: 'none', cursor: 'crosshair', display: 'block', maxWidth: '100%', height: 'auto' } as const;

/**
 * A signature drawn on screen with pointer events (mouse, pen, finger) on a canvas: strokes
 * are drawn as the pointer moves while pressed, each stroke smoothed through the midpoints.
 * The page keeps the PNG (toBlob) and stores it as an attachment.
 */
/** onChange: the pad became empty or not; onStroke: a stroke was finished (the pen lifted). */
export const SignaturePad = forwardRef<SignaturePadHandle, { width?: number; height?: number; onChange?: (empty: boolean) => void; onStroke?: () => void }>(
  ({ width = 480, height = 180, onChange, onStroke }, ref) => {
    const { t } = useTranslation();
    const canvas = useRef<HTMLCanvasElement>(null);
    const last = useRef<{ x: number; y: number } | undefined>(undefined);
    const [empty, setEmpty] = useState(true);

    const point = (e: PointerEvent<HTMLCanvasElement>) => {
      const r = e.currentTarget.getBoundingClientRect();
      return { x: ((e.clientX - r.left) * e.currentTarget.width) / r.width, y: ((e.clientY - r.top) * e.currentTarget.height) / r.height };
    };
    const ctx = () => {
      const c = canvas.current?.getContext('2d');
      if (c) {
        c.lineWidth = 2.5;
        c.lineCap = 'round';
        c.lineJoin = 'round';
        c.strokeStyle = '#111';
      }
      return c;
    };
    const mark = (value: boolean) => {
      setEmpty(value);
      onChange?.(value);
    };

    useImperativeHandle(ref, () => ({
      isEmpty: () => empty,
      clear: () => {
        const c = canvas.current;
        c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
        mark(true);
      },
      toBlob: () =>
        new Promise((resolve) => {
          if (empty || !canvas.current) return resolve(undefined);
          canvas.current.toBlob((b) => resolve(b ?? undefined), 'image/png');
        }),
    }));

    return (
      <Space orientation="vertical" size={4}>
        <canvas
          ref={canvas}
          width={width}
          height={height}
          className="signature-pad"
          // its own frame wherever it is drawn (a signing page, an action's dialog): where to sign is visible before the first stroke
          style={PAD_STYLE}
          data-testid="signature-pad"
          data-empty={empty}
          aria-label={t('signing.signHere')}
          role="img"
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            last.current = point(e);
            const c = ctx();
            // a tap is a dot
            c?.beginPath();
            c?.arc(last.current.x, last.current.y, 1.2, 0, Math.PI * 2);
            c?.fill();
            // the dot is ink: a pad tapped once is no longer empty (its stroke is stored like any other)
            if (empty) mark(false);
          }}
          onPointerMove={(e) => {
            if (!last.current) return;
            const p = point(e);
            const c = ctx();
            if (!c) return;
            const mid = { x: (last.current.x + p.x) / 2, y: (last.current.y + p.y) / 2 };
            c.beginPath();
            c.moveTo(last.current.x, last.current.y);
            c.quadraticCurveTo(last.current.x, last.current.y, mid.x, mid.y);
            c.lineTo(p.x, p.y);
            c.stroke();
            last.current = p;
          }}
          onPointerUp={() => {
            const drew = last.current !== undefined;
            last.current = undefined;
            if (drew) onStroke?.();
          }}
          onPointerCancel={() => {
            last.current = undefined;
          }}
        />
        <Space>
          <Typography.Text type="secondary">{t('signing.signHere')}</Typography.Text>
          <Button
            size="small"
            data-testid="signature-clear"
            onClick={() => {
              const c = canvas.current;
              c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
              mark(true);
            }}
          >
            {t('signing.clear')}
          </Button>
        </Space>
      </Space>
    );
  },
);
SignaturePad.displayName = 'SignaturePad';
