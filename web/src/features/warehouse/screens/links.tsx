import { CameraOutlined, DollarOutlined, ScheduleOutlined, BarcodeOutlined, CarryOutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { screenPath, showImagePath, WAREHOUSE_SCREENS } from '@tpl/contracts';
import type { ViewExtraProps } from '../../../shared/context';
import { holdsImages } from './images';

type Screen = keyof typeof WAREHOUSE_SCREENS;
const ICONS: Record<Screen, ReactNode> = { stockBatch: <ScheduleOutlined />, inboundFees: <DollarOutlined />, printedLabels: <BarcodeOutlined />, printedPackageLabels: <BarcodeOutlined />, preparation: <CarryOutOutlined /> };

/** A button on a document's view to one of its read-only screens (no id typed: the view's own). */
const ScreenLink = ({ to, icon, label, testId }: { to: string; icon: ReactNode; label: string; testId: string }) => {
  const navigate = useNavigate();
  return (
    <Button icon={icon} onClick={() => navigate(to)} data-testid={testId}>
      {label}
    </Button>
  );
};

/** The read-only screens of a warehouse document beside its view's buttons: the description's own screens, and its photos when it can hold any. */
export const ScreenLinks = ({ def, doc }: ViewExtraProps) => {
  const { t } = useTranslation();
  const screens = (Object.keys(WAREHOUSE_SCREENS) as Screen[]).filter((s) => WAREHOUSE_SCREENS[s].of === def.name);
  return (
    <>
      {screens.map((s) => (
        <ScreenLink key={s} to={screenPath(s, doc.id)} icon={ICONS[s]} label={t(`whScreens.links.${s}`)} testId={`screen-link-${s}`} />
      ))}
      {holdsImages(def) && <ScreenLink to={showImagePath(def.name, doc.id)} icon={<CameraOutlined />} label={t('whScreens.links.images')} testId="screen-link-images" />}
    </>
  );
};
