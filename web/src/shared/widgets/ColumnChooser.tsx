import { useCallback, useState } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Popover, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The columns a list may show: what the chooser offers (in display order), what it shows
 * until the user chooses, and where the choice is remembered. An entity list and a document
 * list each describe theirs (columnSetOf in md/listQuery.ts, documents/model.ts).
 */
export type ColumnSet = { storageKey: string; options: readonly string[]; defaults: readonly string[] };

const readColumns = (set: ColumnSet): string[] => {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(set.storageKey) ?? 'null');
    if (Array.isArray(saved)) return set.options.filter((key) => saved.includes(key));
  } catch {
    // a damaged entry: the defaults
  }
  return [...set.defaults];
};

/** The columns shown, remembered per list in localStorage. */
export const useColumnPrefs = (set: ColumnSet) => {
  const [visible, setVisible] = useState<string[]>(() => readColumns(set));
  const change = useCallback(
    (next: string[] | null) => {
      if (next === null) localStorage.removeItem(set.storageKey);
      else localStorage.setItem(set.storageKey, JSON.stringify(next));
      setVisible(next === null ? [...set.defaults] : set.options.filter((key) => next.includes(key)));
    },
    [set],
  );
  return [visible, change] as const;
};

type Props = {
  options: readonly string[];
  /** a column's title */
  label: (key: string) => string;
  visible: readonly string[];
  /** null: back to the defaults */
  onChange: (next: string[] | null) => void;
  /** test ids: <prefix>-columns, <prefix>-column-<key>, <prefix>-columns-reset */
  testPrefix?: string;
};

/** A checkbox list in a popover: which columns the list shows. */
export const ColumnChooser = ({ options, label, visible, onChange, testPrefix = 'md' }: Props) => {
  const { t } = useTranslation();
  const content = (
    <div data-testid={`${testPrefix}-columns-panel`} style={{ maxHeight: 360, overflowY: 'auto', minWidth: 180 }}>
      <Checkbox.Group value={[...visible]} onChange={(next) => onChange(next.map(String))}>
        <Space orientation="vertical" size={4}>
          {options.map((key) => (
            <Checkbox key={key} value={key} data-testid={`${testPrefix}-column-${key}`}>
              {label(key)}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
      <Divider style={{ margin: '8px 0' }} />
      <Button size="small" type="link" style={{ paddingInline: 0 }} onClick={() => onChange(null)} data-testid={`${testPrefix}-columns-reset`}>
        {t('md.columns.reset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Button icon={<SettingOutlined />} data-testid={`${testPrefix}-columns`}>
        {t('md.columns.button')}
      </Button>
    </Popover>
  );
};
