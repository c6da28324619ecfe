import { CloseCircleFilled, ExclamationCircleFilled } from './icons';
import type { HTMLAttributes, ReactNode } from 'react';

/** An inline message above a form, in antd Alert's look (error or warning), with an optional action. */
export function Alert({
  type,
  title,
  action,
  ...rest
}: { type: 'error' | 'warning'; title: ReactNode; action?: ReactNode } & Omit<HTMLAttributes<HTMLDivElement>, 'title'>) {
  return (
    <div role="alert" className={`portal-alert portal-alert-${type}`} {...rest}>
      <span className="portal-alert-icon" aria-hidden>
        {type === 'error' ? <CloseCircleFilled /> : <ExclamationCircleFilled />}
      </span>
      <div className="portal-alert-title">{title}</div>
      {action ? <div className="portal-alert-action">{action}</div> : null}
    </div>
  );
}
