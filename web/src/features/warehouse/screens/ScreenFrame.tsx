import type { ComponentType, ReactNode } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { documentByName, documentPath, ErrorCodes, type DocumentDef, type KitDocument } from '@tpl/contracts';
import { ApiError } from '../../../api/client';
import { useDocument } from '../../documents/hooks';
import { StateTag } from '../../documents/StateTag';
import { usePageSubject } from '../../../shared/widgets/pageTitle';

/**
 * A read-only warehouse screen about one document (its route's `:id`, and `:type` where the
 * screen serves several types): the screen's title, the bill number and state, a way back to
 * the document's view, then what the screen shows of it.
 */
type FrameProps = { titleKey: string; testId: string; children: (def: DocumentDef, doc: KitDocument) => ReactNode };

export const ScreenFrame = ({ type, ...props }: FrameProps & { type?: string }) => {
  const params = useParams();
  const { t } = useTranslation();
  const def = documentByName(type ?? params.type ?? '');
  if (!def) return <Result status="404" title="404" subTitle={t('whScreens.unknownType')} />;
  return <Loaded key={def.name} def={def} id={params.id ?? ''} {...props} />;
};

const Loaded = ({ def, id, titleKey, testId, children }: FrameProps & { def: DocumentDef; id: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = useDocument(def, id);
  usePageSubject(pathname, current.data?.billNo);
  if (current.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const doc = current.data;
  if (!doc) {
    const notFound = current.error instanceof ApiError && current.error.code === ErrorCodes.notFound;
    return <Result status={notFound ? '404' : 'error'} title={notFound ? '404' : undefined} subTitle={notFound ? t('documents.notFound', { title: t(`${def.name}.title`) }) : current.error?.message} />;
  }
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={testId}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap align="center">
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(documentPath(def, 'view', doc.id))} data-testid="back-to-document">
              {t('whScreens.backToDocument', { title: t(`${def.name}.title`) })}
            </Button>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t(titleKey)}
            </Typography.Title>
            <Typography.Text strong data-testid="screen-billNo">
              {doc.billNo}
            </Typography.Text>
            <StateTag def={def} state={doc.state} testId="screen-state" />
          </Space>
        </Flex>
      </Card>
      {children(def, doc)}
    </Space>
  );
};

/** What a screen shows of its document, below the frame. */
export type ScreenBody = { def: DocumentDef; doc: KitDocument };

/** A screen's page: the frame of a document of `type` (else the route's `:type`) around its body. */
export const screenPage = (type: string | undefined, titleKey: string, testId: string, Body: ComponentType<ScreenBody>) => {
  const Page = () => (
    <ScreenFrame {...(type ? { type } : {})} titleKey={titleKey} testId={testId}>
      {(def, doc) => <Body def={def} doc={doc} />}
    </ScreenFrame>
  );
  return Page;
};
