import { SIGNED_URL_TTL_SECONDS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/lib/app-error';
import {
  callerFileLinkUrl,
  FILE_GET_PATH,
  fileLinkUrl,
  parseFileLink,
  signFileLink,
  signUrl,
  verifyFileLink,
  verifySignedUrl,
} from '../../../src/lib/files';

const SECRET = 'test-link-secret';
const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);
const link = { sessionId: 77, tokenId: 'tok-9', userId: 12, path: 'logos/2026/11/abc.png' };

function codeOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return undefined;
}

describe('file links', () => {
  it('signs path, uid, tid and expiry and verifies them', () => {
    const q = signFileLink({ ...link, isDownload: true }, SECRET, NOW);
    expect(q).toMatchObject({
      path: link.path,
      uid: '12',
      tid: 'tok-9',
      isDownload: '1',
      exp: String(NOW / 1000 + SIGNED_URL_TTL_SECONDS),
    });
    expect(q.sign).toMatch(/^[0-9a-f]{64}$/);
    const v = verifyFileLink(q, SECRET, NOW + 1000, { sessionId: 77 });
    expect(v).toEqual({
      path: link.path,
      userId: '12',
      tokenId: 'tok-9',
      isDownload: true,
      expiresAt: new Date(NOW + SIGNED_URL_TTL_SECONDS * 1000),
    });
  });

  it('round-trips through a URL and URLSearchParams', () => {
    const url = fileLinkUrl(link, SECRET, NOW);
    expect(url.startsWith(`${FILE_GET_PATH}?path=logos%2F2026%2F11%2Fabc.png&sign=`)).toBe(true);
    const params = new URL(url, 'http://x').searchParams;
    expect(verifyFileLink(params, SECRET, NOW, { sessionId: 77 }).isDownload).toBe(false);
  });

  it("signs a caller's link for its own session, as the presenters built it by hand", () => {
    const caller = { sessionId: 77, userId: 12 };
    const url = callerFileLinkUrl(caller, link.path, SECRET, NOW);
    const byHand = fileLinkUrl(
      { sessionId: 77, tokenId: 77, userId: 12, path: link.path, expiresAt: NOW + SIGNED_URL_TTL_SECONDS * 1000 },
      SECRET,
      NOW,
    );
    expect(url).toBe(byHand);
    const params = new URL(url, 'http://x').searchParams;
    expect(verifyFileLink(params, SECRET, NOW, { sessionId: 77 })).toMatchObject({ tokenId: '77', userId: '12', isDownload: false });
    const download = new URL(callerFileLinkUrl(caller, link.path, SECRET, NOW, { isDownload: true }), 'http://x').searchParams;
    expect(verifyFileLink(download, SECRET, NOW, { sessionId: 77 }).isDownload).toBe(true);
    expect(codeOf(() => verifyFileLink(params, SECRET, NOW, { sessionId: 78 }))).toBe(1013);
  });

  it('rejects a tampered link with 1013', () => {
    const q = signFileLink(link, SECRET, NOW);
    const tamper = (patch: Record<string, string>) => codeOf(() => verifyFileLink({ ...q, ...patch }, SECRET, NOW, { sessionId: 77 }));
    expect(tamper({ path: 'logos/2026/11/other.png' })).toBe(1013);
    expect(tamper({ uid: '13' })).toBe(1013);
    expect(tamper({ tid: 'tok-10' })).toBe(1013);
    expect(tamper({ exp: String(Number(q.exp) + 3600) })).toBe(1013);
    expect(tamper({ sign: q.sign.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) })).toBe(1013);
    expect(tamper({ sign: 'short' })).toBe(1013);
    expect(tamper({ path: '../../etc/passwd' })).toBe(1013);
    // another session, another secret
    expect(codeOf(() => verifyFileLink(q, SECRET, NOW, { sessionId: 78 }))).toBe(1013);
    expect(codeOf(() => verifyFileLink(q, 'other-secret', NOW, { sessionId: 77 }))).toBe(1013);
    // missing or repeated parameters
    const { sign: _sign, ...unsigned } = q;
    expect(codeOf(() => verifyFileLink(unsigned, SECRET, NOW, { sessionId: 77 }))).toBe(1013);
    const twice = new URLSearchParams({ ...q });
    twice.append('path', 'x/y.png');
    expect(codeOf(() => verifyFileLink(twice, SECRET, NOW, { sessionId: 77 }))).toBe(1013);
  });

  it('rejects an expired link with 1013 and honours an explicit expiry', () => {
    const q = signFileLink(link, SECRET, NOW);
    expect(codeOf(() => verifyFileLink(q, SECRET, NOW + (SIGNED_URL_TTL_SECONDS - 1) * 1000, { sessionId: 77 }))).toBeUndefined();
    expect(codeOf(() => verifyFileLink(q, SECRET, NOW + (SIGNED_URL_TTL_SECONDS + 1) * 1000, { sessionId: 77 }))).toBe(1013);
    expect(codeOf(() => parseFileLink(q, NOW + (SIGNED_URL_TTL_SECONDS + 1) * 1000))).toBe(1013);
    const long = signFileLink({ ...link, expiresAt: new Date(NOW + 3_600_000) }, SECRET, NOW);
    expect(verifyFileLink(long, SECRET, NOW + 3_000_000, { sessionId: 77 }).expiresAt).toEqual(new Date(NOW + 3_600_000));
  });

  it('works without a session id when none was signed', () => {
    const q = signFileLink({ tokenId: 5, userId: 6, path: 'a/b.png' }, SECRET, NOW);
    expect(verifyFileLink(q, SECRET, NOW).path).toBe('a/b.png');
    expect(codeOf(() => verifyFileLink(q, SECRET, NOW, { sessionId: 1 }))).toBe(1013);
  });
});

describe('signed URLs', () => {
  it('signs a path with its query and verifies it in any parameter order', () => {
    const url = signUrl('/v1.0/storage/download?key=fw/2026/pkg.bin&name=IPC%20v2.bin', SECRET, { now: NOW });
    expect(url).toMatch(/^\/v1\.0\/storage\/download\?key=fw%2F2026%2Fpkg\.bin&name=IPC\+v2\.bin&expires=\d+&signature=[0-9a-f]{64}$/);
    const v = verifySignedUrl(url, SECRET, NOW + 299_000);
    expect(v.params.get('key')).toBe('fw/2026/pkg.bin');
    expect(v.params.get('name')).toBe('IPC v2.bin');
    expect([...v.params.keys()]).toEqual(['key', 'name']);
    const u = new URL(url, 'http://h');
    const reordered = `${u.pathname}?signature=${u.searchParams.get('signature')}&name=IPC%20v2.bin&expires=${u.searchParams.get('expires')}&key=fw%2F2026%2Fpkg.bin`;
    expect(verifySignedUrl(reordered, SECRET, NOW).params.get('key')).toBe('fw/2026/pkg.bin');
  });

  it('keeps an absolute URL absolute', () => {
    const url = signUrl('https://dc1.example.com/dl/pkg.bin', SECRET, { now: NOW, ttlSeconds: 60 });
    expect(url.startsWith('https://dc1.example.com/dl/pkg.bin?expires=')).toBe(true);
    expect(verifySignedUrl(url, SECRET, NOW).expiresAt).toEqual(new Date(NOW + 60_000));
  });

  it('rejects tampering, another path, expiry and a missing signature with 1013', () => {
    const url = signUrl('/dl?key=a', SECRET, { now: NOW });
    expect(codeOf(() => verifySignedUrl(url.replace('key=a', 'key=b'), SECRET, NOW))).toBe(1013);
    expect(codeOf(() => verifySignedUrl(url.replace('/dl?', '/dl2?'), SECRET, NOW))).toBe(1013);
    expect(codeOf(() => verifySignedUrl(`${url}&extra=1`, SECRET, NOW))).toBe(1013);
    expect(codeOf(() => verifySignedUrl(url, SECRET, NOW + 301_000))).toBe(1013);
    expect(codeOf(() => verifySignedUrl('/dl?key=a', SECRET, NOW))).toBe(1013);
    expect(codeOf(() => verifySignedUrl(url, 'wrong', NOW))).toBe(1013);
  });
});
