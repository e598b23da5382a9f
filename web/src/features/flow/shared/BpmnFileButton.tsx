import { useRef, type ReactNode } from 'react';
import { Button } from 'antd';

/** A button that opens a .bpmn / .xml file and hands it over (the designer opens it, the definitions page deploys it). */
export const BpmnFileButton = ({ icon, label, loading, testId, onFile }: { icon: ReactNode; label: string; loading?: boolean; testId: string; onFile: (file: File) => void }) => {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button icon={icon} loading={loading} onClick={() => ref.current?.click()} data-testid={testId}>
        {label}
      </Button>
      <input
        ref={ref}
        type="file"
        accept=".bpmn,.xml"
        hidden
        data-testid={`${testId}-file`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // the same file may be chosen again after a fix
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
};
