import { Empty, Modal, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n';
import { useVersionNote } from '../api/upgrade-api';
import { languageName } from '../lib/display';

/** The version notes of a package in every language it has, the UI language first. */
export function VersionNotesModal({ pkgId, onClose }: { pkgId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const note = useVersionNote(pkgId);
  const locale = currentLocale();
  const entries = Object.entries(note.data?.descriptions ?? {}).sort(([a], [b]) =>
    a === locale ? -1 : b === locale ? 1 : a.localeCompare(b),
  );
  return (
    <Modal
      open={pkgId !== null}
      title={t('upgrade.notes.title', { version: note.data?.versionName ?? '' })}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {note.isLoading ? (
        <Skeleton active />
      ) : entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upgrade.notes.none')} />
      ) : (
        <Tabs
          items={entries.map(([lang, text]) => ({
            key: lang,
            label: languageName(lang, locale),
            children: (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', maxHeight: 420, overflow: 'auto' }} data-testid={`note-${lang}`}>
                {text}
              </Typography.Paragraph>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
