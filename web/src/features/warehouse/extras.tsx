import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOAD_BILL_PAGES } from '@tpl/contracts';
import type { ViewExtraProps, ViewExtras } from '../../shared/context';

/** The load bill's view leads to its load sheet (any state but a cancelled one) and, once loaded and until shipped, to its times. */
const LoadButtons = ({ doc }: ViewExtraProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (doc.state === 'Cancelled') return null;
  return (
    <>
      <Button onClick={() => navigate(LOAD_BILL_PAGES.show.replace(':id', doc.id))} data-testid="open-load-sheet">
        {t('warehouse.load.show')}
      </Button>
      {doc.state === 'Loaded' && (
        <Button onClick={() => navigate(LOAD_BILL_PAGES.timeEdit.replace(':id', doc.id))} data-testid="open-load-times">
          {t('warehouse.load.times')}
        </Button>
      )}
    </>
  );
};

/** What the warehouse documents add to the kit's generic view (registered by the context's front door, index.ts). */
export const warehouseViewExtras: ViewExtras = { loadbill: { toolbar: LoadButtons } };
