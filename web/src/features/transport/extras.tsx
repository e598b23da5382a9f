import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ViewExtraProps, ViewExtras } from '../../shared/context';
import { timelinePath } from './paths';


const TimelineButton = ({ doc }: ViewExtraProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button onClick={() => navigate(timelinePath(doc.id))} data-testid="open-chain-timeline">
      {t('timeline.openTimeline')}
    </Button>
  );
};

const SigningButton = ({ def, doc }: ViewExtraProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!['ToSign', 'ReceivedEarly'].includes(doc.state)) return null;
  return (
    <Button type="primary" onClick={() => navigate(def.routes.edit.replace(':id', doc.id))} data-testid="open-signing">
      {t('signing.title')}
    </Button>
  );
};

/** A button to a bill's confirmation screen (its edit route), shown while the bill waits for it. */
const confirmationButton = (state: string, titleKey: string, testId: string) => {
  const ConfirmationButton = ({ def, doc }: ViewExtraProps) => {
    const { t } = useTranslation();
    const navigate = useNavigate();
    if (doc.state !== state) return null;
    return (
      <Button type="primary" onClick={() => navigate(def.routes.edit.replace(':id', doc.id))} data-testid={testId}>
        {t(titleKey)}
      </Button>
    );
  };
  return ConfirmationButton;
};

/** What the transport documents add to the kit's generic view (registered with the kit by the context's front door, index.ts). */
export const transportViewExtras: ViewExtras = {
  consignment: { toolbar: TimelineButton },
  // a signing's proof (signer, signature, photos) and a dispatch's freight lines are facts the kit's view shows
  deliverybill: { toolbar: SigningButton },
  loadingbill: { toolbar: confirmationButton('Loaded', 'confirm.arrival', 'open-arrival') },
  arrivalbill: { toolbar: confirmationButton('AwaitingReview', 'confirm.review', 'open-review') },
};
