import { EyeInvisibleOutlined, EyeOutlined } from './icons';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The translated validation message, shown under the input. */
  error?: string;
  prefix?: ReactNode;
  /** A password input with a show/hide toggle. */
  password?: boolean;
};

/** A labelled text input in antd's large-form look (label above, message below), for the antd-free shell. */
export function TextField({ label, value, onChange, error, prefix, password, id, className, ...input }: Props) {
  const { t } = useTranslation();
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  const [shown, setShown] = useState(false);
  return (
    <div className={`portal-field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="portal-field-label" htmlFor={inputId}>
        {label}
      </label>
      <span className="portal-input">
        {prefix ? (
          <span className="portal-input-prefix" aria-hidden>
            {prefix}
          </span>
        ) : null}
        <input
          id={inputId}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          type={password && !shown ? 'password' : 'text'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {password ? (
          <button
            type="button"
            className="portal-input-suffix"
            aria-label={t(shown ? 'auth.hidePassword' : 'auth.showPassword')}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </button>
        ) : null}
      </span>
      <div className="portal-field-error" id={errorId} aria-live="polite">
        {error}
      </div>
    </div>
  );
}
