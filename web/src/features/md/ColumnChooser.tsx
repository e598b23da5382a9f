import { useCallback, useState } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Popover, Space } from 'antd';
import type { EntityDef } from '@tpl/contracts';
import { useEntityLabels } from './labels';
import { columnOptionsOf, defaultColumnsOf } from './listQuery';

const storageKey = (def: EntityDef) => `tpl.md.columns.${def.name}`;

const readColumns = (def: EntityDef): string[] => {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(storageKey(def)) ?? 'null');
    const options = columnOptionsOf(def);
    if (Array.isArray(saved)) return options.filter((key) => saved.includes(key));
  } catch {
    // a damaged entry: the defaults
  }
  return defaultColumnsOf(def);
};

/** The columns shown, remembered per entity type in localStorage; defaults from listColumns(def). */
export const useColumnPrefs = (def: EntityDef) => {
  const [visible, setVisible] = useState<string[]>(() => readColumns(def));
  const change = useCallback(
    (next: string[] | null) => {
      if (next === null) localStorage.removeItem(storageKey(def));
      else localStorage.setItem(storageKey(def), JSON.stringify(next));
      setVisible(next === null ? defaultColumnsOf(def) : columnOptionsOf(def).filter((key) => next.includes(key)));
    },
    [def],
  );
  return [visible, change] as const;
};

type Props = {
  def: EntityDef;
  visible: readonly string[];
  /** null: back to the defaults */
  onChange: (next: string[] | null) => void;
};

/** A checkbox list in a popover: which columns the list shows. */
export const ColumnChooser = ({ def, visible, onChange }: Props) => {
  const { t, field } = useEntityLabels(def);
  const content = (
    <div data-testid="md-columns-panel" style={{ maxHeight: 360, overflowY: 'auto', minWidth: 180 }}>
      <Checkbox.Group value={[...visible]} onChange={(next) => onChange(next.map(String))}>
        <Space orientation="vertical" size={4}>
          {columnOptionsOf(def).map((key) => (
            <Checkbox key={key} value={key} data-testid={`md-column-${key}`}>
              {field(key)}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
      <Divider style={{ margin: '8px 0' }} />
      <Button size="small" type="link" style={{ paddingInline: 0 }} onClick={() => onChange(null)} data-testid="md-columns-reset">
        {t('md.columns.reset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Button icon={<SettingOutlined />} data-testid="md-columns">
        {t('md.columns.button')}
      </Button>
    </Popover>
  );
};
