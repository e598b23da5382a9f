import { Button, Card, Result } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

/** Only an absolute http(s) URL may be framed: javascript:, data:, relative paths and the rest are refused. */
export const frameableUrl = (src: string | null): string | undefined => {
  if (!src) return undefined;
  try {
    const url = new URL(src);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

/**
 * /myiframe/* (spec 01: menu entries whose path starts with http): shows `src` in a frame
 * titled `name`. The frame is sandboxed and sends no referrer; a page that forbids framing
 * can still be opened in a new window.
 */
export const IframePage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const src = params.get('src');
  const name = params.get('name') ?? '';
  const url = frameableUrl(src);
  if (!url) {
    return (
      <Result
        status="error"
        title={t('pages.iframe.refusedTitle')}
        subTitle={src ? t('pages.iframe.refusedText', { src }) : t('pages.iframe.missingText')}
        data-testid="iframe-refused"
      />
    );
  }
  return (
    <Card
      title={<span data-testid="iframe-name">{name || url}</span>}
      extra={
        <Button type="link" icon={<ExportOutlined />} href={url} target="_blank" rel="noopener noreferrer">
          {t('pages.iframe.openNew')}
        </Button>
      }
      styles={{ body: { padding: 0 } }}
    >
      <iframe
        data-testid="iframe-frame"
        src={url}
        title={name || url}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
        referrerPolicy="no-referrer"
        style={{ width: '100%', height: 'calc(100vh - 240px)', minHeight: 400, border: 0, display: 'block' }}
      />
    </Card>
  );
};
