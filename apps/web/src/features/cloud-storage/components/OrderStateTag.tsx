import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  unpaid: 'gold',
  to_be_used: 'blue',
  in_use: 'green',
  near_expiry: 'orange',
  expired: 'default',
  refunded: 'purple',
  not_effective: 'red',
};

/** An order's view state (the stored state, a paid one by its period and the time). */
export const OrderStateTag = ({ state }: { state: string }) => {
  const { t } = useTranslation();
  return <Tag color={COLORS[state]}>{t(`storage.orderState.${state}`)}</Tag>;
};
