import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Sellers' tax data at rest: AES-256-GCM (node:crypto) under TAX_DATA_KEY. A box is 'v1:' + base64 of
// the 12-byte random IV, the 16-byte tag and the ciphertext; the customer's id is its additional data,
// so a box copied into another seller's row fails to open instead of reporting the wrong person.

const VERSION = 'v1:';

const keyOf = (base64: string) => {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('TAX_DATA_KEY must be 32 bytes in base64');
  return key;
};

export function seal(base64Key: string, customerId: number, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(base64Key), iv);
  cipher.setAAD(Buffer.from(`seller:${customerId}`));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The value sealed for this customer; throws when the box was altered, moved or sealed under another key. */
export function unseal<T>(base64Key: string, customerId: number, box: string): T {
  if (!box.startsWith(VERSION)) throw new Error('unknown tax data box version');
  const bytes = Buffer.from(box.slice(VERSION.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(base64Key), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(`seller:${customerId}`));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as T;
}
