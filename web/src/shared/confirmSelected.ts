import { App } from 'antd';
import type { ButtonProps } from 'antd';

const okButtonProps = { 'data-testid': 'modal-ok' } as ButtonProps;

type Texts = { selectAtLeastOne: string; title: string; content: string; success: string };

/**
 * A batch action on the selected rows, as the spec wants it: "select at least one record"
 * when none is, then a confirmation, then the call; the API client shows a failure's message.
 */
export const useConfirmSelected = () => {
  const { message, modal } = App.useApp();
  return (selected: readonly React.Key[], texts: Texts, run: (ids: string[]) => Promise<unknown>, opts: { danger?: boolean; done?: () => void } = {}) => {
    if (selected.length === 0) {
      void message.warning(texts.selectAtLeastOne);
      return;
    }
    modal.confirm({
      title: texts.title,
      content: texts.content,
      okButtonProps,
      ...(opts.danger ? { okType: 'danger' as const } : {}),
      onOk: async () => {
        try {
          await run(selected.map(String));
          opts.done?.();
          void message.success(texts.success);
        } catch {
          // the API client has shown the server's message (a referrer, for instance)
        }
      },
    });
  };
};
