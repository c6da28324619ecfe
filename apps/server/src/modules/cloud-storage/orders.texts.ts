/**
 * Texts the server writes itself for orders: the system message an end user gets when their plan
 * is paid (issue 13 §4: other modules post through the message centre's index), in en-US and
 * zh-CN, and in German for the brands' German end users. HTML-escaped by the caller's values.
 */
import type { MessageContents } from '@portal/contract';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "Your cloud plan is active" (or, bought to activate later, "is paid"), per language. */
export function planPaidContents(o: { plan: string; sn: string; orderNo: string; started: boolean }): MessageContents {
  const plan = escape(o.plan);
  const sn = escape(o.sn);
  const no = escape(o.orderNo);
  return o.started
    ? {
        'en-US': {
          title: 'Your cloud plan is active',
          body: `<p>${plan} for your device ${sn} is paid and active (order ${no}).</p>`,
        },
        'zh-CN': { title: '您的云存储套餐已生效', body: `<p>您的设备 ${sn} 的 ${plan} 已支付并生效（订单 ${no}）。</p>` },
        'de-DE': {
          title: 'Ihr Cloud-Tarif ist aktiv',
          body: `<p>${plan} für Ihr Gerät ${sn} ist bezahlt und aktiv (Bestellung ${no}).</p>`,
        },
      }
    : {
        'en-US': {
          title: 'Your cloud plan is paid',
          body: `<p>${plan} for your device ${sn} is paid (order ${no}). Activate it in the app when you want it to start.</p>`,
        },
        'zh-CN': { title: '您的云存储套餐已支付', body: `<p>您的设备 ${sn} 的 ${plan} 已支付（订单 ${no}），可在应用中随时激活。</p>` },
        'de-DE': {
          title: 'Ihr Cloud-Tarif ist bezahlt',
          body: `<p>${plan} für Ihr Gerät ${sn} ist bezahlt (Bestellung ${no}). Aktivieren Sie ihn in der App, wann Sie möchten.</p>`,
        },
      };
}
