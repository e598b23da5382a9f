import type { CSSProperties } from 'react';
import { Alert } from 'antd';

/** Messages no single field could show (or the server's answer), above a form. */
export const ProblemsAlert = ({
  problems,
  testId,
  style,
  onClose,
}: {
  problems: readonly string[];
  testId?: string;
  style?: CSSProperties;
  onClose?: () => void;
}) => {
  if (problems.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      data-testid={testId}
      title={problems.length === 1 ? problems[0] : undefined}
      description={
        problems.length > 1 ? (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : undefined
      }
      closable={onClose ? { onClose } : undefined}
    />
  );
};
