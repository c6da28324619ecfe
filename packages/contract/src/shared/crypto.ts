/**
 * SHA-256 and HMAC-SHA256 in plain TypeScript, synchronous, so that the browser can sign
 * every call even where WebCrypto is unavailable (plain-HTTP hosts are not secure contexts).
 * The server uses node:crypto; a contract test proves both agree.
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

export function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/** Compresses the 64-byte blocks of `data` from `off` to `end` into the state `h`. */
function compress(h: Uint32Array, w: Uint32Array, data: Uint8Array, off: number, end: number): void {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (; off < end; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15],
        b = w[i - 2];
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [A, B, C, D, E, F, G, H] = h;
    for (let i = 0; i < 64; i++) {
      const S1 = ((E >>> 6) | (E << 26)) ^ ((E >>> 11) | (E << 21)) ^ ((E >>> 25) | (E << 7));
      const ch = (E & F) ^ (~E & G);
      const t1 = (H + S1 + ch + K[i] + w[i]) >>> 0;
      const S0 = ((A >>> 2) | (A << 30)) ^ ((A >>> 13) | (A << 19)) ^ ((A >>> 22) | (A << 10));
      const maj = (A & B) ^ (A & C) ^ (B & C);
      const t2 = (S0 + maj) >>> 0;
      H = G;
      G = F;
      F = E;
      E = (D + t1) >>> 0;
      D = C;
      C = B;
      B = A;
      A = (t1 + t2) >>> 0;
    }
    h[0] += A;
    h[1] += B;
    h[2] += C;
    h[3] += D;
    h[4] += E;
    h[5] += F;
    h[6] += G;
    h[7] += H;
  }
}

/** An incremental SHA-256 (a large file is hashed a slice at a time, never held whole). */
export interface Sha256Hasher {
  update(part: Uint8Array): Sha256Hasher;
  digest(): Uint8Array;
}

export function createSha256(): Sha256Hasher {
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const pending = new Uint8Array(64);
  let pendingLen = 0;
  let total = 0;
  const hasher: Sha256Hasher = {
    update(part) {
      total += part.length;
      let i = 0;
      if (pendingLen > 0) {
        const take = Math.min(64 - pendingLen, part.length);
        pending.set(part.subarray(0, take), pendingLen);
        pendingLen += take;
        i = take;
        if (pendingLen < 64) return hasher;
        compress(h, w, pending, 0, 64);
        pendingLen = 0;
      }
      const whole = i + ((part.length - i) & ~63);
      compress(h, w, part, i, whole);
      pending.set(part.subarray(whole), 0);
      pendingLen = part.length - whole;
      return hasher;
    },
    digest() {
      const bitLen = total * 8;
      const tail = new Uint8Array(((pendingLen + 9 + 63) >> 6) << 6);
      tail.set(pending.subarray(0, pendingLen));
      tail[pendingLen] = 0x80;
      const view = new DataView(tail.buffer);
      view.setUint32(tail.length - 8, Math.floor(bitLen / 0x100000000));
      view.setUint32(tail.length - 4, bitLen >>> 0);
      compress(h, w, tail, 0, tail.length);
      const out = new Uint8Array(32);
      const ov = new DataView(out.buffer);
      for (let k = 0; k < 8; k++) ov.setUint32(k * 4, h[k]);
      return out;
    },
  };
  return hasher;
}

export function sha256(msg: Uint8Array): Uint8Array {
  return createSha256().update(msg).digest();
}

export function hmacSha256(key: Uint8Array, msg: Uint8Array): Uint8Array {
  let k = key.length > 64 ? sha256(key) : key;
  const block = new Uint8Array(64);
  block.set(k);
  const ipad = new Uint8Array(64 + msg.length);
  const opad = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    ipad[i] = block[i] ^ 0x36;
    opad[i] = block[i] ^ 0x5c;
  }
  ipad.set(msg, 64);
  opad.set(sha256(ipad), 64);
  k = sha256(opad);
  return k;
}

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

export const sha256Hex = (s: string) => toHex(sha256(utf8(s)));
export const hmacSha256Hex = (key: string, s: string) => toHex(hmacSha256(utf8(key), utf8(s)));
