import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { Modal as AntModal, type ModalProps } from 'antd';
import { resizedDialog } from '../dialog';

type Box = { x: number; y: number; width: number | null; height: number | null };

/** Follows the pointer from a pointerdown until it is released. */
const follow = (e: ReactPointerEvent, move: (dx: number, dy: number) => void) => {
  e.preventDefault();
  const x0 = e.clientX;
  const y0 = e.clientY;
  const onMove = (m: PointerEvent) => move(m.clientX - x0, m.clientY - y0);
  const onUp = () => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
  };
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', onUp);
};

/**
 * antd's Modal, draggable by its header and resizable from its lower right corner, never smaller
 * than 400 by 300 once resized (spec 01; Avue's dialog drag). The same props; each opening starts
 * where and as large as antd places it.
 */
export const Modal = ({ modalRender, width, ...props }: ModalProps) => {
  const [box, setBox] = useState<Box>({ x: 0, y: 0, width: null, height: null });
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.open) setBox({ x: 0, y: 0, width: null, height: null });
  }, [props.open]);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (e.button !== 0 || !target.closest('.ant-modal-header') || target.closest('button, a, input, textarea, select')) return;
    const { x, y } = box;
    follow(e, (dx, dy) => setBox((b) => ({ ...b, x: x + dx, y: y + dy })));
  };
  const onResize = (e: ReactPointerEvent<HTMLSpanElement>) => {
    e.stopPropagation();
    const rect = frame.current?.getBoundingClientRect();
    if (!rect) return;
    const max = { width: window.innerWidth - 16, height: window.innerHeight - 16 };
    follow(e, (dx, dy) => setBox((b) => ({ ...b, ...resizedDialog(rect, dx, dy, max) })));
  };

  const render = (node: ReactNode) => (
    <div
      ref={frame}
      className={`tpl-dialog${box.height !== null ? ' tpl-dialog-sized' : ''}`}
      style={{ transform: box.x || box.y ? `translate(${box.x}px, ${box.y}px)` : undefined, height: box.height ?? undefined }}
      onPointerDown={onPointerDown}
      data-testid="dialog-frame"
    >
      {modalRender ? modalRender(node) : node}
      <span className="tpl-dialog-resize" onPointerDown={onResize} aria-hidden data-testid="dialog-resize" />
    </div>
  );
  return <AntModal {...props} width={box.width ?? width} modalRender={render} />;
};
