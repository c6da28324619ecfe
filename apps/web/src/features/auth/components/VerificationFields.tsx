import { MailOutlined, SafetyOutlined } from '../../../components/icons';
import { SHELL_ERROR_CODES as ErrorCodes } from '@portal/contract';
import { Flex, Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error';
import { zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { useImageCode, useSendEmailCode } from '../api/auth-api';
import { emailCodeSchema } from '../schemas';
import { EmailCodeButton } from './EmailCodeButton';
import { ImageCode } from './ImageCode';

/**
 * E-mail, graphic code and e-mailed code, shared by registration and password finding.
 * `schema` is the page's call schema (its `email` and `emailCode` rules are used).
 */
export function VerificationFields({
  form,
  schema,
  purpose,
}: {
  form: FormInstance;
  schema: z.ZodType;
  purpose: 'register' | 'findPassword';
}) {
  const { t } = useTranslation();
  const imageCode = useImageCode(purpose);
  const sendCode = useSendEmailCode();

  const onSend = async (): Promise<number | null> => {
    try {
      await form.validateFields(['email', 'imageCode']);
    } catch {
      return null;
    }
    const codeId = imageCode.data?.codeId;
    if (!codeId) {
      void imageCode.refetch();
      return null;
    }
    const { email, imageCode: answer } = form.getFieldsValue(['email', 'imageCode']) as { email: string; imageCode: string };
    try {
      const res = await sendCode.mutateAsync({ email, purpose, imageCodeId: codeId, imageCode: answer });
      notify('success', 'email-code-sent', t('auth.codeSent', { email: email.trim() }));
      return res.resendAfterSeconds;
    } catch (e) {
      if (isApiError(e) && e.code === ErrorCodes.codeResendWait) return Number(e.params?.seconds) || null;
      return null;
    } finally {
      // A graphic code answers one request.
      form.setFieldValue('imageCode', '');
      void imageCode.refetch();
    }
  };

  return (
    <>
      <Form.Item name="email" label={t('auth.email')} rules={[zodRule(schema, 'email')]} required validateFirst>
        <Input prefix={<MailOutlined />} autoComplete="email" placeholder={t('auth.emailPlaceholder')} maxLength={254} />
      </Form.Item>
      <Form.Item label={t('auth.imageCode')} required>
        <Flex gap={8}>
          <Form.Item name="imageCode" noStyle rules={[zodRule(emailCodeSchema, 'imageCode')]}>
            <Input prefix={<SafetyOutlined />} placeholder={t('auth.imageCodePlaceholder')} autoComplete="off" maxLength={8} />
          </Form.Item>
          <ImageCode svg={imageCode.data?.svg} loading={imageCode.isFetching} onRefresh={() => void imageCode.refetch()} />
        </Flex>
      </Form.Item>
      <Form.Item label={t('auth.emailCode')} required>
        <Flex gap={8}>
          <Form.Item name="emailCode" noStyle rules={[zodRule(schema, 'emailCode')]}>
            <Input placeholder={t('auth.emailCodePlaceholder')} autoComplete="one-time-code" maxLength={12} />
          </Form.Item>
          <EmailCodeButton onSend={onSend} />
        </Flex>
      </Form.Item>
    </>
  );
}
