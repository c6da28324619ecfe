import type { Message } from '@portal/contract';
import { DatePicker, Form, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useScheduleMessage } from '../api/message-api';

/** (Mounted while open.) Sets the time a message to be released is released by itself (a past time is refused by the server too). */
export function ScheduleModal({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [at, setAt] = useState<Dayjs | null>(() => (message?.releaseAt ? dayjs(message.releaseAt) : null));
  const schedule = useScheduleMessage();
  return (
    <Modal
      open={!!message}
      onCancel={onClose}
      title={t('messageCenter.release.scheduleTitle')}
      okButtonProps={{ disabled: !at, loading: schedule.isPending }}
      onOk={() =>
        message &&
        at &&
        schedule.mutate(
          { messageId: message.id, releaseAt: at.valueOf() },
          {
            onSuccess: () => {
              notify('success', 'message-schedule', t('messageCenter.release.done.schedule'));
              onClose();
            },
          },
        )
      }
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('messageCenter.field.releaseAt')} htmlFor="schedule-at" extra={t('messageCenter.release.scheduleHint')}>
          <DatePicker
            id="schedule-at"
            showTime
            value={at}
            onChange={setAt}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            style={{ width: 260 }}
          />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary" />
    </Modal>
  );
}
