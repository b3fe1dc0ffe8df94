import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

// Passwords with scrypt (memory-hard, in node:crypto: no native add-on). The stored string names its
// parameters, so they can be raised later without breaking the hashes already stored:
//   scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/**
 * At most this many scrypt computations at once in the process (sign-in, registration, reset, seed);
 * the rest wait in a queue. Without a cap a burst fills libuv's thread pool and every request that
 * needs it (file reads, DNS, other hashes) waits behind the burst; with one, a sign-in waits for at
 * most a queue of cheap turns. p-limit (v3, CommonJS like this package) is the queue.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));
const hashing = pLimit(HASH_CONCURRENCY);

/** How many password hashes are running and queued (for tests and diagnostics). */
export const hashingLoad = () => ({ active: hashing.activeCount, queued: hashing.pendingCount });

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return hashing(() => scryptRaw(password, salt, keyLength, options));
}

function scryptRaw(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** The parts of a stored hash, or null when it is not one of ours (missing, truncated, other scheme). */
function parse(stored: string | null | undefined) {
  const [scheme, n, r, p, salt, hash, ...rest] = (stored ?? '').split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const saltBytes = Buffer.from(salt ?? '', 'base64');
  const hashBytes = Buffer.from(hash ?? '', 'base64');
  const sane =
    scheme === 'scrypt' &&
    rest.length === 0 &&
    Number.isInteger(params.N) && params.N >= 2 && params.N <= 2 ** 20 && (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) && params.r >= 1 && params.r <= 32 &&
    Number.isInteger(params.p) && params.p >= 1 && params.p <= 16 &&
    saltBytes.length >= SALT_BYTES &&
    // A shorter hash would compare against a prefix of the key: refused, not trusted.
    hashBytes.length === KEY_LENGTH;
  return sane ? { params, salt: saltBytes, hash: hashBytes } : null;
}

/** True when `password` matches `stored`; a missing or malformed hash is a mismatch, in the same time. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) {
    // Same work as a real check, so an unknown account is not told apart by the time it takes.
    await scrypt(password, Buffer.alloc(SALT_BYTES), KEY_LENGTH, { N, r: R, p: P });
    return false;
  }
  const actual = await scrypt(password, parsed.salt, KEY_LENGTH, parsed.params);
  return timingSafeEqual(actual, parsed.hash);
}

/** A secret for a URL or a bearer header: 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a token: its SHA-256 (a 256-bit random token needs no salt or slow hash). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
