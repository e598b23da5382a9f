import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ViewExtraProps, ViewExtras } from '../../shared/context';
import { readPath } from './paths';

/** While the notices are unread or the booking unsent: the reading screen, where both are read and the booking submitted. */
const ReadNoticesButton = ({ doc }: ViewExtraProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!['Draft', 'SafetyRead', 'NoticesRead'].includes(doc.state)) return null;
  return (
    <Button type="primary" onClick={() => navigate(readPath(doc.id, doc.visitType))} data-testid="open-notices">
      {t('gate.register.readNotices')}
    </Button>
  );
};

/** What the appointment adds to the kit's generic view (registered with the kit by the context's front door, index.ts). */
export const gateViewExtras: ViewExtras = {
  appointment: { toolbar: ReadNoticesButton },
};
