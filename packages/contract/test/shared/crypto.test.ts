import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSha256, hmacSha256, hmacSha256Hex, sha256, sha256Hex, toHex, utf8 } from '../../src/shared/crypto';

const nodeSha = (s: string | Uint8Array) => createHash('sha256').update(s).digest('hex');
const nodeHmac = (k: string | Uint8Array, s: string | Uint8Array) => createHmac('sha256', k).update(s).digest('hex');

/** Inputs around the 64-byte block and the 55/56-byte padding boundaries, plus unicode and long ones. */
const MESSAGES: string[] = [
  '',
  'abc',
  'The quick brown fox jumps over the lazy dog',
  'a'.repeat(55),
  'a'.repeat(56),
  'a'.repeat(63),
  'a'.repeat(64),
  'a'.repeat(65),
  'b'.repeat(119),
  'c'.repeat(128),
  'd'.repeat(1000),
  '固件云升级 — 发布任务 ✓',
  'emoji 😀🎥📷 and combining é',
  '\u0000\u0001\n\r\t',
  JSON.stringify({ basic: { ver: '1.0' }, data: { list: Array.from({ length: 50 }, (_, i) => i) } }),
];

describe('sha256', () => {
  it('has the FIPS 180-2 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it.each(MESSAGES.map((m) => [m.length > 40 ? `${m.slice(0, 40)}… (${m.length})` : JSON.stringify(m), m]))(
    'equals node:crypto for %s',
    (_, m) => {
      expect(sha256Hex(m)).toBe(nodeSha(m));
      expect(toHex(sha256(utf8(m)))).toBe(nodeSha(Buffer.from(m, 'utf8')));
    },
  );

  it('equals node:crypto on binary input of every length 0-200 and a multi-block megabyte', () => {
    for (let n = 0; n <= 200; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      expect(toHex(sha256(bytes))).toBe(nodeSha(bytes));
    }
    const big = Uint8Array.from({ length: 1 << 20 }, (_, i) => (i * 7919) & 0xff);
    expect(toHex(sha256(big))).toBe(nodeSha(big));
  });
});

describe('hmacSha256', () => {
  const KEYS = ['', 'k', 'session-secret-0123456789', 'x'.repeat(64), 'y'.repeat(65), 'z'.repeat(200), '密钥🔑'];

  it('has the RFC 4231 test case 2', () => {
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('has the RFC 4231 test case 6 (131-byte key, longer than a block)', () => {
    const key = new Uint8Array(131).fill(0xaa);
    expect(toHex(hmacSha256(key, utf8('Test Using Larger Than Block-Size Key - Hash Key First')))).toBe(
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    );
  });

  it.each(KEYS.flatMap((k) => MESSAGES.slice(0, 12).map((m) => [k.length, m.length, k, m] as const)))(
    'equals node:crypto for key length %i, message length %i',
    (_, __, k, m) => {
      expect(hmacSha256Hex(k, m)).toBe(nodeHmac(k, m));
    },
  );

  it('equals node:crypto on binary keys and messages', () => {
    for (const kl of [0, 1, 32, 63, 64, 65, 128]) {
      const key = Uint8Array.from({ length: kl }, (_, i) => (i * 13 + 5) & 0xff);
      const msg = Uint8Array.from({ length: 300 }, (_, i) => (i * 31) & 0xff);
      expect(toHex(hmacSha256(key, msg))).toBe(nodeHmac(key, msg));
    }
  });

  it('does not modify its inputs', () => {
    const key = utf8('k'.repeat(100));
    const msg = utf8('message');
    const k0 = toHex(key);
    const m0 = toHex(msg);
    hmacSha256(key, msg);
    expect(toHex(key)).toBe(k0);
    expect(toHex(msg)).toBe(m0);
  });
});

describe('toHex and utf8', () => {
  it('encodes bytes as lower-case two-digit hex and strings as UTF-8', () => {
    expect(toHex(new Uint8Array([0, 1, 15, 16, 255]))).toBe('00010f10ff');
    expect(toHex(new Uint8Array())).toBe('');
    expect([...utf8('é😀')]).toEqual([...Buffer.from('é😀', 'utf8')]);
  });
});

describe('createSha256', () => {
  it('hashes a message fed in uneven parts as node:crypto hashes it whole', () => {
    const msg = new Uint8Array(1000).map((_, i) => (i * 31 + 7) & 0xff);
    for (const cuts of [[0], [1, 63, 64, 65], [55, 56, 57, 200], [128, 999], [500]]) {
      const h = createSha256();
      let at = 0;
      for (const cut of [...cuts, msg.length]) {
        h.update(msg.subarray(at, Math.max(at, cut)));
        at = Math.max(at, cut);
      }
      expect(toHex(h.digest())).toBe(nodeSha(msg));
    }
    expect(toHex(createSha256().digest())).toBe(nodeSha(''));
  });
});
