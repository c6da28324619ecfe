import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'default' | 'text' | 'link';
interface Common {
  variant?: Variant;
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
  children?: ReactNode;
}
type AsButton = Common & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & { href?: undefined };
type AsLink = Common & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'children'> & { href: string };

function classes({ variant = 'default', size = 'middle', block, loading }: Common, extra?: string) {
  return ['portal-btn', `portal-btn-${variant}`, size !== 'middle' && `portal-btn-${size}`, block && 'portal-btn-block', loading && 'is-loading', extra]
    .filter(Boolean)
    .join(' ');
}

/** A button (or, with `href`, a link drawn as one) in antd's look, for the antd-free shell. */
export function Button(props: AsButton | AsLink) {
  const { variant, size, block, loading, icon, children, className, ...rest } = props;
  const cls = classes({ variant, size, block, loading }, className);
  const content = (
    <>
      {loading ? <Spinner size="small" /> : icon ? <span className="portal-btn-icon" aria-hidden>{icon}</span> : null}
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
  const { type = 'button', disabled, ...buttonRest } = rest as ButtonHTMLAttributes<HTMLButtonElement>;
  return (
    <button type={type} className={cls} disabled={disabled} aria-busy={loading || undefined} {...buttonRest}>
      {content}
    </button>
  );
}
