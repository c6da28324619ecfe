import { SHELL_ERROR_CODES as ErrorCodes, emailCodeFormIssues } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailOutlined, SafetyOutlined } from '../../../components/lite/form-icons';
import { TextField } from '../../../components/lite/TextField';
import { isApiError } from '../../../lib/api/api-error';
import { notify } from '../../../lib/notify';
import { fetchImageCode, sendEmailCode } from '../api/register';
import { EmailCodeButton } from './EmailCodeButton';
import { ImageCode } from './ImageCode';

export interface EmailCodeValues {
  email: string;
  imageCode: string;
  emailCode: string;
}
type Field = keyof EmailCodeValues;

/**
 * A form's rules (the contract's, as its call reports them) with the graphic code's added: it is
 * asked for only until a code was e-mailed, since the form's own call does not carry it.
 */
export function withImageCodeRule<V extends EmailCodeValues>(check: (values: V) => Partial<Record<keyof V, string>>) {
  return (values: V): Partial<Record<keyof V, string>> => {
    const found = check(values);
    const image = values.emailCode.trim() ? undefined : emailCodeFormIssues(values).imageCode;
    return image ? { ...found, imageCode: image } : found;
  };
}

/**
 * E-mail, graphic code and e-mailed code, shared by registration and password finding, drawn without
 * antd. "Send code" checks the address and the graphic code with the contract's rules; a graphic
 * code answers one request, so a new one is shown after each send. `issueText` gives a field's
 * translated message; `onIssues` reports the fields "send code" found broken.
 */
export function EmailCodeFields({
  purpose,
  values,
  onChange,
  issueText,
  onIssues,
  onImageCodeUsed,
}: {
  purpose: 'register' | 'findPassword';
  values: EmailCodeValues;
  onChange: (field: Field) => (value: string) => void;
  issueText: (field: Field) => string | undefined;
  onIssues: (issues: Partial<Record<Field, string>>) => void;
  /** The graphic code was sent (used up, right or wrong): its field is emptied, unchecked. */
  onImageCodeUsed: () => void;
}) {
  const { t } = useTranslation();
  const [image, setImage] = useState<{ codeId: string; svg: string } | null>(null);
  const [loading, setLoading] = useState(true);
  const request = useRef<AbortController | null>(null);

  // Loads a graphic code; the state says "loading" from the start, and again on each refresh.
  const load = useCallback(() => {
    request.current?.abort();
    const ctrl = new AbortController();
    request.current = ctrl;
    fetchImageCode(ctrl.signal)
      .then((r) => {
        if (!ctrl.signal.aborted) setImage(r);
      })
      .catch(() => {
        /* the API client has shown the message; the button offers another try */
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoading(false);
      });
  }, []);
  const refresh = () => {
    setLoading(true);
    load();
  };

  useEffect(() => {
    load();
    return () => request.current?.abort();
  }, [load]);

  const onSend = async (): Promise<number | null> => {
    const found = emailCodeFormIssues(values);
    onIssues(found);
    if (found.email || found.imageCode) {
      document.getElementById(found.email ? `${purpose}-email` : `${purpose}-image-code`)?.focus();
      return null;
    }
    if (!image) {
      refresh();
      return null;
    }
    try {
      const res = await sendEmailCode({ email: values.email, purpose, imageCodeId: image.codeId, imageCode: values.imageCode });
      notify('success', 'email-code-sent', t('auth.codeSent', { email: values.email.trim() }));
      return res.resendAfterSeconds;
    } catch (e) {
      if (isApiError(e) && e.code === ErrorCodes.codeResendWait) return Number(e.params?.seconds) || null;
      return null;
    } finally {
      // A graphic code answers one request.
      onImageCodeUsed();
      refresh();
    }
  };

  return (
    <>
      <TextField
        id={`${purpose}-email`}
        name="email"
        label={t('auth.email')}
        value={values.email}
        onChange={onChange('email')}
        error={issueText('email')}
        prefix={<MailOutlined />}
        autoComplete="email"
        inputMode="email"
        placeholder={t('auth.emailPlaceholder')}
        maxLength={254}
        required
      />
      <div className="portal-field-row">
        <TextField
          id={`${purpose}-image-code`}
          name="imageCode"
          label={t('auth.imageCode')}
          value={values.imageCode}
          onChange={onChange('imageCode')}
          error={issueText('imageCode')}
          prefix={<SafetyOutlined />}
          placeholder={t('auth.imageCodePlaceholder')}
          autoComplete="off"
          maxLength={8}
        />
        <ImageCode svg={image?.svg} loading={loading} onRefresh={refresh} />
      </div>
      <div className="portal-field-row">
        <TextField
          id={`${purpose}-email-code`}
          name="emailCode"
          label={t('auth.emailCode')}
          value={values.emailCode}
          onChange={onChange('emailCode')}
          error={issueText('emailCode')}
          placeholder={t('auth.emailCodePlaceholder')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={12}
          required
        />
        <EmailCodeButton onSend={onSend} />
      </div>
    </>
  );
}
