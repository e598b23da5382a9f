import { Button, Result, Tag } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pagePaths } from '../../pagePaths';

export type Tool = 'formBuild' | 'pageColumn' | 'testFun';

/**
 * Spec 01's tool routes (/tool/build/index, the form designer hidden from the menu;
 * /develop/pagecolumn; /develop/testFun): the address answers with a page saying what it holds
 * and that it comes with the form designer (a later issue), never a 404 (docs/DOMAIN.md).
 */
export const ToolPage = ({ tool }: { tool: Tool }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid={`tool-page-${tool}`}>
      <Result
      icon={<ToolOutlined />}
      title={t(`pages.names.${tool}`)}
      subTitle={<span data-testid="tool-page-text">{t(`pages.tools.${tool}`)}</span>}
      extra={[
        <Tag key="planned" color="blue" data-testid="tool-page-planned">
          {t('pages.tools.planned')}
        </Tag>,
        <Button key="home" type="primary" onClick={() => navigate(pagePaths.home)}>
          {t('pages.tools.toHome')}
        </Button>,
      ]}
      />
    </div>
  );
};
