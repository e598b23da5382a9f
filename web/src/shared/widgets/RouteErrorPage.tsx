import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { asChunkLoadError, decideChunkFailure, isChunkFailure } from '../../shell/chunkLoad';
import { ServerErrorPage } from './ErrorPages';

/**
 * What a route shows when its page could not be shown: a page's code that did not load (spec 01's
 * ChunkLoadError, CSS_CHUNK_LOAD_FAILED, the 120 s timeout) says so with a refresh button; anything
 * else is the 500 page. Never React Router's developer screen.
 */
export const RouteErrorPage = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  if (!isChunkFailure(error)) return <ServerErrorPage />;
  const typed = asChunkLoadError(error);
  // the message the decision names when it does not reload (a reload already tried, or a timeout)
  const decided = decideChunkFailure(typed, Date.now(), Date.now());
  const key = decided.action === 'message' ? decided.messageKey : 'chunk.failed';
  return (
    <Result
      status="warning"
      title={t(key)}
      subTitle={typed.code ?? typed.name}
      data-testid="chunk-error"
      extra={
        <Button type="primary" onClick={() => window.location.reload()} data-testid="chunk-error-refresh">
          {t('chunk.refresh')}
        </Button>
      }
    />
  );
};
