import { describe, expect, it } from 'vitest';
import { isMailTemplateName, MAIL_TEMPLATE_NAMES, renderTemplate } from '../../../src/lib/mail';

describe('mail templates', () => {
  it('has every template', () => {
    expect(MAIL_TEMPLATE_NAMES.sort()).toEqual([
      'chatReplyUnread',
      'chatWaiting',
      'emailCode',
      'invitation',
      'passwordReset',
      'registrationResult',
      'remoteAccessChanged',
    ]);
    expect(isMailTemplateName('emailCode')).toBe(true);
    expect(isMailTemplateName('toString')).toBe(false);
  });

  it('renders the e-mail code for each purpose in both languages', () => {
    const en = renderTemplate('emailCode', 'en-US', { code: '123456', purpose: 'findPassword', minutes: 10 });
    expect(en.subject).toBe('Partner Portal verification code: 123456');
    expect(en.text).toContain('reset your password: 123456');
    expect(en.text).toContain('10 minutes');
    expect(en.html).toContain('<html lang="en-US">');
    const zh = renderTemplate('emailCode', 'zh-CN', { code: 654321, purpose: 'bindEmail' });
    expect(zh.subject).toBe('【合作伙伴门户】验证码 654321');
    expect(zh.text).toContain('绑定邮箱');
    expect(zh.text).toContain('10 分钟');
    expect(renderTemplate('emailCode', 'zh-TW', { code: '1', purpose: 'register' }).text).toContain('注册账号');
    expect(renderTemplate('emailCode', 'fr', { code: '1', purpose: 'register' }).text).toContain('register your account');
  });

  it('renders an invitation link and escapes what it is given', () => {
    const link = 'https://portal.example.com/invite?token=abc&x=1';
    const en = renderTemplate('invitation', 'en-US', { link, inviterName: 'Ann <script>', companyName: 'Acme & Co' });
    expect(en.subject).toBe('Partner Portal: Ann <script> (Acme & Co) invited you');
    expect(en.text).toContain(link);
    expect(en.html).toContain('href="https://portal.example.com/invite?token=abc&amp;x=1"');
    expect(en.html).toContain('Ann &lt;script&gt; (Acme &amp; Co)');
    expect(en.html).not.toContain('<script>');
    const zh = renderTemplate('invitation', 'zh-CN', { link, companyName: '某经销商', days: 3 });
    expect(zh.subject).toBe('【合作伙伴门户】某经销商邀请您加入');
    expect(zh.text).toContain('3 天内有效');
    expect(() => renderTemplate('invitation', 'en-US', { link: 'javascript:alert(1)' })).toThrow(/http/);
  });

  it('renders the remote access change', () => {
    const on = renderTemplate('remoteAccessChanged', 'en-US', { state: 'enabled', accountName: 'dealer@x.test', changedBy: 'Bob' });
    expect(on.subject).toBe('Partner Portal: superior remote access allowed');
    expect(on.text).toContain('for dealer@x.test was turned on');
    expect(on.text).toContain('Changed by: Bob');
    const off = renderTemplate('remoteAccessChanged', 'zh-CN', { state: 'disabled' });
    expect(off.subject).toBe('【合作伙伴门户】上级远程访问已关闭');
    expect(off.text).toContain('上级的远程访问已结束');
  });
});
