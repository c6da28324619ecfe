import { Drawer, Image, Space, Spin, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useInboxItem, useInboxRead } from '../api/message-api';

/** One message of the inbox in the reader's language; opening it marks it read. */
export function InboxDetailDrawer({ messageId, onClose }: { messageId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useInboxItem(messageId);
  const read = useInboxRead();
  const { mutate } = read;
  useEffect(() => {
    if (data && !data.read) mutate([data.messageId]);
  }, [data, mutate]);
  return (
    <Drawer open={messageId !== null} onClose={onClose} size={640} title={data?.title ?? t('messageCenter.inbox.detail')} destroyOnHidden>
      {isLoading || !data ? (
        <Spin />
      ) : (
        <div data-testid="inbox-detail" lang={data.language}>
          <Space size={8} wrap style={{ marginBottom: 16 }}>
            <Tag>{t(`messageCenter.type.${data.type}`)}</Tag>
            <Typography.Text type="secondary">{data.sender}</Typography.Text>
            <Typography.Text type="secondary">{formatDateTime(data.releasedAt)}</Typography.Text>
          </Space>
          {/* Cleaned by the server (sanitize-html) when the message was saved. */}
          <div className="message-body" dangerouslySetInnerHTML={{ __html: data.body }} />
          {data.images.length > 0 && (
            <Space wrap style={{ marginTop: 16 }}>
              {data.images.map((img) => (
                <Image key={img.fileId} src={img.url} alt={img.name} width={160} />
              ))}
            </Space>
          )}
          {data.link && (
            <p style={{ marginTop: 16 }}>
              <a href={data.link} target="_blank" rel="noopener noreferrer">
                {t('messageCenter.inbox.openLink')}
              </a>
            </p>
          )}
        </div>
      )}
    </Drawer>
  );
}
