import { useEffect } from 'react';
import { App } from 'antd';
import { bindFeedback } from './feedback';

/** Mounted inside antd's <App>: lends its toast instances to the API client. */
export const FeedbackBridge = () => {
  const app = App.useApp();
  useEffect(() => {
    bindFeedback(app);
    return () => bindFeedback(null);
  }, [app]);
  return null;
};
