import { DownloadOutlined } from '../../../components/icons';
import type { ImportTemplateKind } from '@portal/contract';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useImportTemplate } from '../api/upgrade-api';

const LABELS: Record<ImportTemplateKind, string> = { devices: 'upgrade.devices.template', targets: 'upgrade.wizard.targetTemplate' };

/** Downloads an xlsx template (the device import's, or a specified release's SN list) through a signed link. */
export function TemplateDownloadButton({
  kind,
  ...props
}: { kind: ImportTemplateKind } & Omit<ButtonProps, 'onClick' | 'loading' | 'icon'>) {
  const { t } = useTranslation();
  const template = useImportTemplate();
  const download = async () => {
    try {
      const { url } = await template.mutateAsync(kind);
      window.open(url, '_blank', 'noopener');
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      onClick={() => void download()}
      loading={template.isPending}
      data-testid={`template-${kind}`}
      {...props}
    >
      {t(LABELS[kind])}
    </Button>
  );
}
