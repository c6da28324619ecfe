import type { Gates, ReleaseTaskDetail } from '@portal/contract';
import { DatePicker, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '../../../../lib/i18n/validation';
import { notify } from '../../../../lib/notify';
import { useUpdateTask } from '../../api/upgrade-api';
import { GateFields } from '../release/ScheduleStep';

interface EditForm {
  endAt: Dayjs;
  gates: Gates;
}

/** Change the end time and the gates of a task that has not finished (upgrade/task/update). */
export function TaskEditModal({ task, open, onClose }: { task: ReleaseTaskDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditForm>();
  const update = useUpdateTask();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await update.mutateAsync({ taskId: task.taskId, endAt: v.endAt.valueOf(), gates: v.gates });
      notify('success', 'task-edit', t('upgrade.taskEdit.saved', { id: task.taskId }));
      onClose();
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <Modal
      open={open}
      width={760}
      title={t('upgrade.taskEdit.title', { id: task.taskId })}
      okText={t('upgrade.save')}
      cancelText={t('upgrade.cancel')}
      confirmLoading={update.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<EditForm> form={form} layout="vertical" noValidate initialValues={{ endAt: dayjs(task.endAt), gates: task.gates }}>
        <Form.Item
          name="endAt"
          label={t('upgrade.taskEdit.endAt')}
          required
          rules={[
            {
              validator: (_r, v: Dayjs | null) => {
                if (!v) return Promise.reject(new Error(translateValidation('validation.dateRangeRequired')));
                if (v.valueOf() <= task.startAt) return Promise.reject(new Error(translateValidation('validation.dateRangeOrder')));
                if (!v.isAfter(dayjs())) return Promise.reject(new Error(t('upgrade.wizard.endInPast')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label={t('upgrade.taskEdit.endAt')} />
        </Form.Item>
        <GateFields />
      </Form>
    </Modal>
  );
}
