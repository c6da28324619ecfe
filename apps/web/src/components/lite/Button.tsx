import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './Spinner';

interface Common {
  variant?: 'primary' | 'default' | 'text';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
  children?: ReactNode;
}
type AsButton = Common & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & { href?: undefined; ref?: Ref<HTMLButtonElement> };
type AsLink = Common & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'children'> & { href: string };

/** A button (or, with `href`, a link drawn as one) in antd's look, for the antd-free shell. */
export function Button(props: AsButton | AsLink) {
  const { variant = 'default', size = 'middle', block, loading, icon, children, className, ...rest } = props;
  const cls = [
    'portal-btn',
    `portal-btn-${variant}`,
    size !== 'middle' && `portal-btn-${size}`,
    block && 'portal-btn-block',
    loading && 'is-loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      {loading ? (
        <Spinner size="small" />
      ) : icon ? (
        <span className="portal-btn-icon" aria-hidden>
          {icon}
        </span>
      ) : null}
      {children != null ? <span>{children}</span> : null}
    </>
  );
  if (typeof props.href === 'string') {
    return (
      <a className={cls} {...(rest as AnchorHTMLAttributes<HTMLAnchorElement>)}>
        {content}
      </a>
    );
  }
  const { type = 'button', ...buttonRest } = rest as ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> };
  return (
    <button type={type} className={cls} aria-busy={loading || undefined} {...buttonRest}>
      {content}
    </button>
  );
}
