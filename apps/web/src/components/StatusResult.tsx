import { CheckCircleFilled, CloseCircleFilled, StopOutlined, WarningFilled } from './lite/icons';
import type { ReactElement, ReactNode } from 'react';

type Status = 'success' | 'warning' | 'error' | 'forbidden';

const ICONS: Record<Status, ReactElement> = {
  success: <CheckCircleFilled />,
  warning: <WarningFilled />,
  error: <CloseCircleFilled />,
  forbidden: <StopOutlined />,
};

/**
 * A page-sized outcome (signed in, no access, a page that failed to load) for the app's shell.
 * Like antd's Result, without antd: the shell is part of what every page, the login page too,
 * downloads before it can be used (components/lite/README.md).
 */
export function StatusResult({
  status,
  title,
  subTitle,
  extra,
}: {
  status: Status;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className={`portal-result portal-result-${status}`} data-status={status}>
      <span className="portal-result-icon" aria-hidden>
        {ICONS[status]}
      </span>
      <h3 className="portal-result-title">{title}</h3>
      {subTitle ? <div className="portal-result-subtitle">{subTitle}</div> : null}
      {extra ? <div className="portal-result-extra">{extra}</div> : null}
    </div>
  );
}
