import { SettingOutlined } from '../icons';
import { Button, Checkbox, Flex, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ColumnOption {
  key: string;
  label: string;
}

/** A popover of checkboxes choosing which optional columns a list shows. */
export function ColumnSettings({
  options,
  hidden,
  onChange,
  onReset,
}: {
  options: readonly ColumnOption[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: Set<string>) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const content = (
    <Flex vertical gap={6} data-testid="column-settings">
      {options.map((o) => (
        <Checkbox
          key={o.key}
          checked={!hidden.has(o.key)}
          onChange={(e) => {
            const next = new Set(hidden);
            if (e.target.checked) next.delete(o.key);
            else next.add(o.key);
            onChange(next);
          }}
        >
          {o.label}
        </Checkbox>
      ))}
      <Button size="small" type="link" style={{ padding: 0, alignSelf: 'flex-start' }} onClick={onReset}>
        {t('common.resetColumns')}
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('common.columns')} content={content}>
      <Tooltip title={t('common.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('common.columns')} />
      </Tooltip>
    </Popover>
  );
}
