import { CheckCircleFilled, CloseCircleFilled, StopOutlined, WarningFilled } from '@ant-design/icons';
import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

type Status = 'success' | 'warning' | 'error' | 'forbidden';

/**
 * A page-sized outcome (signed in, no access, a page that failed to load) for the app's shell.
 * Like antd's Result, without its illustrations: the shell is part of what every page, the login
 * page too, downloads before it can be used.
 */
export function StatusResult({ status, title, subTitle, extra }: { status: Status; title: ReactNode; subTitle?: ReactNode; extra?: ReactNode }) {
  const { token } = theme.useToken();
  const icon = {
    success: <CheckCircleFilled style={{ color: token.colorSuccess }} />,
    warning: <WarningFilled style={{ color: token.colorWarning }} />,
    error: <CloseCircleFilled style={{ color: token.colorError }} />,
    forbidden: <StopOutlined style={{ color: token.colorTextTertiary }} />,
  }[status];
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '48px 32px', textAlign: 'center' }} data-status={status}>
      <span style={{ fontSize: 72, lineHeight: 1, marginBottom: 16 }} aria-hidden>
        {icon}
      </span>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {subTitle ? <Typography.Text type="secondary">{subTitle}</Typography.Text> : null}
      {extra ? (
        <Flex gap={8} justify="center" style={{ marginTop: 16 }}>
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
