import { createContext, useContext, useMemo } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

type Line = Record<string, unknown>;

/**
 * The lines of the document a form or dialog works on (a put-away's bill, a split's order, a
 * signing's delivery): what a `line` field picks from. Given by the dialog (the document's lines)
 * or the form (the lines being edited).
 */
export const DocumentLinesContext = createContext<readonly Line[]>([]);

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** How a line is named in a picker: its number, material (and name), batch and quantity. */
export const lineLabel = (line: Line, t: (key: string) => string): string => {
  const parts = [
    line.lineNumber !== undefined ? `#${text(line.lineNumber)}` : '',
    [text(line.materialCode), text(line.name)].filter(Boolean).join(' '),
    text(line.batchNo) ? `${t('md.line.batch')} ${text(line.batchNo)}` : '',
    line.qty !== undefined ? `${t('md.line.qty')} ${text(line.qty)}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
};

type Props = {
  /** the line field the value is (lineNumber, materialCode) */
  lineKey: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  testId?: string;
  id?: string;
  disabled?: boolean;
};

/** A picker of one line of the document: never a typed line number or material code. */
export const LineSelect = ({ lineKey, value, onChange, testId, id, disabled }: Props) => {
  const { t } = useTranslation();
  const lines = useContext(DocumentLinesContext);
  const options = useMemo(
    () =>
      lines
        .filter((l) => l[lineKey] !== undefined && l[lineKey] !== null && l[lineKey] !== '')
        .map((l) => ({ value: l[lineKey] as string | number, label: lineLabel(l, t) })),
    [lines, lineKey, t],
  );
  return (
    <Select<string | number>
      value={value === undefined || value === null || value === '' ? undefined : (value as string | number)}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      disabled={disabled}
      id={id}
      data-testid={testId}
      style={{ width: '100%', minWidth: 180 }}
      popupMatchSelectWidth={false}
    />
  );
};
