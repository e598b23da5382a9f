import type { ReactNode } from 'react';
import { Result, Space, Spin, Typography } from 'antd';
import { useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DocumentDef, KitDocument } from '@tpl/contracts';
import { usePageSubject } from '../../shared/widgets/pageTitle';
import { useDocument } from './hooks';
import { StateTag } from './StateTag';

/**
 * A screen of one document beside the kit's own (a signing, an arrival or review confirmation,
 * a load sheet): the document of the route's :id, its number naming the tab, drawn by `children`
 * once loaded; while loading a spinner, and what the server said when it could not be read.
 */
export const DocumentScreen = ({ def, titleKey, children }: { def: DocumentDef; titleKey: string; children: (doc: KitDocument) => ReactNode }) => {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const doc = useDocument(def, id);
  const { pathname } = useLocation();
  usePageSubject(pathname, doc.data?.billNo);
  if (!id) return <Result status="info" subTitle={t(titleKey)} />;
  if (doc.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!doc.data) return <Result status="warning" subTitle={doc.error?.message} />;
  return <>{children(doc.data)}</>;
};

/** Such a screen's heading: its title, the bill's number and state, and what the screen adds beside them. */
export const DocumentHeading = ({ def, doc, title, testId, children }: { def: DocumentDef; doc: KitDocument; title: string; testId: string; children?: ReactNode }) => (
  <Space wrap align="center">
    <Typography.Title level={4} style={{ margin: 0 }}>
      {title}
    </Typography.Title>
    <Typography.Text strong data-testid={`${testId}-billNo`}>
      {doc.billNo}
    </Typography.Text>
    <StateTag def={def} state={doc.state} testId={`${testId}-state`} />
    {children}
  </Space>
);
