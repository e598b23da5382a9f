import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../shared/widgets/Modal';

/**
 * The dialog lines are picked in many at once (from stock, quoted materials): its table in the
 * body; Cancel, any other way to add (`extra`), and the primary "add what is ticked" in the footer,
 * which closes it.
 */
export const PickDialog = ({
  title,
  width,
  ticked,
  addLabel,
  addTestId,
  onAdd,
  onClose,
  extra,
  children,
}: {
  title: string;
  width: number;
  /** how many rows are ticked: none, nothing to add */
  ticked: number;
  addLabel: string;
  addTestId: string;
  onAdd: () => void;
  onClose: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={width}
      title={title}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {extra}
          <Button
            type="primary"
            disabled={ticked === 0}
            data-testid={addTestId}
            onClick={() => {
              onAdd();
              onClose();
            }}
          >
            {addLabel}
          </Button>
        </Space>
      }
    >
      {children}
    </Modal>
  );
};
