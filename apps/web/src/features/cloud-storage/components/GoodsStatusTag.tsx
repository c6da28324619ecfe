import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  listed: 'green',
  sold_out: 'orange',
  pending_review: 'blue',
  review_failed: 'red',
  supplier_delisted: 'red',
};

export const GoodsStatusTag = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`storage.status.${status}`)}</Tag>;
};
