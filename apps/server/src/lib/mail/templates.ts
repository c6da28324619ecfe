/**
 * Localized mail templates (en-US, zh-CN). Every variable is HTML-escaped in the html part;
 * links must be http(s).
 */
import { normalizeLocale, type Locale } from '@portal/contract';

export type EmailCodePurpose = 'register' | 'findPassword' | 'bindEmail';

export interface MailTemplateVars {
  emailCode: { code: string | number; purpose: EmailCodePurpose; minutes?: number; productName?: string };
  invitation: { link: string; inviterName?: string; companyName?: string; days?: number; productName?: string };
  remoteAccessChanged: { state: 'enabled' | 'disabled'; accountName?: string; changedBy?: string; productName?: string };
  registrationResult: {
    result: 'passed' | 'rejected';
    companyName: string;
    approverName?: string;
    reason?: string;
    link?: string;
    productName?: string;
  };
  passwordReset: { link: string; minutes?: number; requestedBy?: string; productName?: string };
  /** The feedback chat: a desk reply the portal requester has not read for some minutes. */
  chatReplyUnread: { topic: string; deskName: string; preview: string; minutes: number; productName?: string };
  /** The feedback chat: a conversation waiting for the desk for some minutes (to its assignee or the desk admins). */
  chatWaiting: { topic: string; requesterName: string; minutes: number; assigned: boolean; productName?: string };
}

export type MailTemplateName = keyof MailTemplateVars;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT: Record<Locale, string> = { 'en-US': 'Partner Portal', 'zh-CN': '合作伙伴门户' };

const PURPOSE: Record<EmailCodePurpose, Record<Locale, string>> = {
  register: { 'en-US': 'register your account', 'zh-CN': '注册账号' },
  findPassword: { 'en-US': 'reset your password', 'zh-CN': '找回密码' },
  bindEmail: { 'en-US': 'bind this e-mail address', 'zh-CN': '绑定邮箱' },
};

/** A paragraph is plain text; the html part escapes it. A link paragraph renders as an anchor. */
type Block = string | { link: string };

interface Body {
  subject: string;
  blocks: Block[];
}

type Renderer<N extends MailTemplateName> = (locale: Locale, v: MailTemplateVars[N], product: string) => Body;

const TEMPLATES: { [N in MailTemplateName]: Renderer<N> } = {
  emailCode(locale, v, product) {
    const minutes = v.minutes ?? 10;
    const purpose = (PURPOSE[v.purpose] ?? PURPOSE.register)[locale];
    return locale === 'zh-CN'
      ? {
          subject: `【${product}】验证码 ${v.code}`,
          blocks: [`您正在${purpose}，验证码为：${v.code}`, `验证码 ${minutes} 分钟内有效。如非本人操作，请忽略本邮件。`],
        }
      : {
          subject: `${product} verification code: ${v.code}`,
          blocks: [
            `Use this code to ${purpose}: ${v.code}`,
            `The code is valid for ${minutes} minutes. If you did not ask for it, ignore this e-mail.`,
          ],
        };
  },

  invitation(locale, v, product) {
    assertHttpLink(v.link);
    const days = v.days ?? 7;
    if (locale === 'zh-CN') {
      const who = v.inviterName ? `${v.inviterName}${v.companyName ? `（${v.companyName}）` : ''}` : (v.companyName ?? '');
      return {
        subject: `【${product}】${who ? `${who}邀请您加入` : '您收到一份邀请'}`,
        blocks: [
          who ? `${who}邀请您加入${product}。` : `您被邀请加入${product}。`,
          '请点击下面的链接完成注册：',
          { link: v.link },
          `链接 ${days} 天内有效，且只能使用一次。`,
        ],
      };
    }
    const who = v.inviterName ? `${v.inviterName}${v.companyName ? ` (${v.companyName})` : ''}` : (v.companyName ?? '');
    return {
      subject: `${product}: ${who ? `${who} invited you` : 'you are invited'}`,
      blocks: [
        who ? `${who} invited you to join ${product}.` : `You are invited to join ${product}.`,
        'Open this link to complete your registration:',
        { link: v.link },
        `The link is valid for ${days} days and can be used once.`,
      ],
    };
  },

  passwordReset(locale, v, product) {
    assertHttpLink(v.link);
    const minutes = v.minutes ?? 60;
    if (locale === 'zh-CN') {
      return {
        subject: `【${product}】重置密码`,
        blocks: [
          v.requestedBy ? `管理员 ${v.requestedBy} 为您的账号发起了密码重置。` : '您的账号收到了密码重置请求。',
          '请点击下面的链接设置新密码：',
          { link: v.link },
          `链接 ${minutes} 分钟内有效，且只能使用一次。在您设置新密码之前，原密码仍然有效。`,
        ],
      };
    }
    return {
      subject: `${product}: reset your password`,
      blocks: [
        v.requestedBy
          ? `Your administrator ${v.requestedBy} asked for a password reset of your account.`
          : 'A password reset was requested for your account.',
        'Open this link to set a new password:',
        { link: v.link },
        `The link is valid for ${minutes} minutes and can be used once. Your current password keeps working until you set a new one.`,
      ],
    };
  },

  remoteAccessChanged(locale, v, product) {
    const on = v.state === 'enabled';
    if (locale === 'zh-CN') {
      const account = v.accountName ? `账号 ${v.accountName} 的` : '';
      return {
        subject: `【${product}】上级远程访问已${on ? '开启' : '关闭'}`,
        blocks: [
          `${account}“允许上级访问”已${on ? '开启，您的上级可以远程访问该账号' : '关闭，上级的远程访问已结束'}。`,
          ...(v.changedBy ? [`操作人：${v.changedBy}`] : []),
          '如非本人操作，请立即修改密码并联系管理员。',
        ],
      };
    }
    const account = v.accountName ? ` for ${v.accountName}` : '';
    return {
      subject: `${product}: superior remote access ${on ? 'allowed' : 'withdrawn'}`,
      blocks: [
        `'Allow superior access'${account} was turned ${on ? 'on: your superior can now access this account remotely' : 'off: any remote access by your superior has ended'}.`,
        ...(v.changedBy ? [`Changed by: ${v.changedBy}`] : []),
        'If you did not make this change, change your password and contact your administrator.',
      ],
    };
  },

  registrationResult(locale, v, product) {
    if (v.link) assertHttpLink(v.link);
    const passed = v.result === 'passed';
    if (locale === 'zh-CN') {
      return {
        subject: `【${product}】${v.companyName} 的注册${passed ? '已审核通过' : '未通过审核'}`,
        blocks: [
          passed
            ? `${v.approverName ?? ''}已审核通过 ${v.companyName} 的注册，您现在可以登录。`
            : `${v.approverName ?? ''}驳回了 ${v.companyName} 的注册。`,
          ...(!passed && v.reason ? [`驳回原因：${v.reason}`] : []),
          ...(passed && v.link ? [{ link: v.link }] : []),
        ],
      };
    }
    return {
      subject: `${product}: registration of ${v.companyName} ${passed ? 'approved' : 'rejected'}`,
      blocks: [
        passed
          ? `${v.approverName ?? 'Your inviter'} approved the registration of ${v.companyName}. You can log in now.`
          : `${v.approverName ?? 'Your inviter'} rejected the registration of ${v.companyName}.`,
        ...(!passed && v.reason ? [`Reason: ${v.reason}`] : []),
        ...(passed && v.link ? [{ link: v.link }] : []),
      ],
    };
  },

  chatReplyUnread(locale, v, product) {
    return locale === 'zh-CN'
      ? {
          subject: `【${product}】${v.deskName}回复了您的会话“${v.topic}”`,
          blocks: [
            `${v.deskName}回复了您的会话“${v.topic}”，该回复已${v.minutes}分钟未读：`,
            v.preview,
            '请登录门户，在“消息中心 > 我的反馈”中查看。',
          ],
        }
      : {
          subject: `${product}: ${v.deskName} replied to "${v.topic}"`,
          blocks: [
            `${v.deskName} replied to your conversation "${v.topic}"; the reply has been unread for ${v.minutes} minutes:`,
            v.preview,
            'Sign in to the portal and open Message Center > My feedback to read it.',
          ],
        };
  },

  chatWaiting(locale, v, product) {
    return locale === 'zh-CN'
      ? {
          subject: `【${product}】会话“${v.topic}”已等待${v.minutes}分钟`,
          blocks: [
            `${v.requesterName}的会话“${v.topic}”已等待服务台回复${v.minutes}分钟${v.assigned ? '（已分配给您）' : '（尚未分配）'}。`,
            '请登录门户，在“消息中心 > 服务台”中回复。',
          ],
        }
      : {
          subject: `${product}: "${v.topic}" has waited ${v.minutes} minutes`,
          blocks: [
            `The conversation "${v.topic}" from ${v.requesterName} has waited ${v.minutes} minutes for the desk's answer${v.assigned ? ' (assigned to you)' : ' (not assigned yet)'}.`,
            'Sign in to the portal and open Message Center > Support desk to answer it.',
          ],
        };
  },
};

export const MAIL_TEMPLATE_NAMES = Object.keys(TEMPLATES) as MailTemplateName[];

export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.prototype.hasOwnProperty.call(TEMPLATES, name);
}

export function renderTemplate<N extends MailTemplateName>(name: N, locale: Locale | string, vars: MailTemplateVars[N]): RenderedMail {
  if (!isMailTemplateName(name)) throw new Error(`unknown mail template: ${String(name)}`);
  const loc = normalizeLocale(locale);
  const product = vars.productName ?? PRODUCT[loc];
  const body = (TEMPLATES[name] as Renderer<N>)(loc, vars, product);
  const text = body.blocks.map((b) => (typeof b === 'string' ? b : b.link)).join('\n\n') + `\n\n-- \n${product}\n`;
  const paragraphs = body.blocks
    .map((b) => (typeof b === 'string' ? `<p>${escapeHtml(b)}</p>` : `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>`))
    .join('\n');
  const html = `<!doctype html>
<html lang="${loc}"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="font-family:Arial,'Microsoft YaHei',sans-serif;font-size:14px;color:#222;line-height:1.6">
${paragraphs}
<p style="color:#888;font-size:12px">${escapeHtml(product)}</p>
</body></html>`;
  return { subject: body.subject, text, html };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function assertHttpLink(link: string): void {
  let u: URL;
  try {
    u = new URL(link);
  } catch {
    throw new Error(`mail link is not a URL: ${link}`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error(`mail link must be http(s): ${link}`);
}
