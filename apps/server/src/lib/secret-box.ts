/**
 * Secrets the server must read back (an application's signing secret, later payee credentials),
 * kept encrypted at rest: AES-256-GCM under a key derived from the server's data key
 * (config.dataKey: DATA_KEY, else generated once and kept in DATA_DIR/secrets, lib/server-secrets).
 * A sealed value is `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url): the key id names the key it
 * was sealed with, so a rotated data key can be told from a tampered value.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SecretBox {
  keyId: string;
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function secretBox(dataKey: string): SecretBox {
  const key = createHash('sha256').update(`secret-box|${dataKey}`).digest();
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  return {
    keyId,
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', keyId, iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
    },
    open(sealed) {
      const [v, kid, iv, tag, ct] = sealed.split('.');
      if (v !== 'v1' || kid !== keyId || !iv || !tag || ct === undefined)
        throw new Error('secret-box: sealed with another key or not sealed');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
