import type { App } from 'antd';

/**
 * The API client lives outside React; antd's toasts need the App context (theme, locale).
 * <FeedbackBridge/> hands the context-aware instances over here once mounted.
 */
type AppApi = ReturnType<typeof App.useApp>;

let api: AppApi | null = null;

export const bindFeedback = (instance: AppApi | null): void => {
  api = instance;
};

/** An error toast: closable, gone after 5 s; the same text is shown once at a time. */
export const notifyError = (msg: string): void => {
  api?.notification.error({
    key: msg,
    title: msg,
    duration: 5,
    closable: true,
    props: { 'data-testid': 'error-toast' },
  });
};
