import { HASH_CONCURRENCY, hashingLoad, hashPassword, randomToken, TOKEN_PATTERN, tokenHash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with scrypt N=16384 r=8 p=1 and a 16-byte random salt, named in the stored string', async () => {
    const a = await hashPassword('Preloved#2026');
    const b = await hashPassword('Preloved#2026');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w+/]{22}==\$[\w+/]+=*$/);
    expect(a).not.toBe(b);
    expect(Buffer.from(a.split('$')[4]!, 'base64')).toHaveLength(16);
  });

  it('verifies the right password only, and treats a missing or malformed hash as a mismatch', async () => {
    const stored = await hashPassword('Preloved#2026');
    await expect(verifyPassword('Preloved#2026', stored)).resolves.toBe(true);
    await expect(verifyPassword('preloved#2026', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
    for (const broken of [null, undefined, '', 'plain', 'md5$1$2$3$4$5', stored.slice(0, -10), 'scrypt$0$8$1$AA==$AA==']) {
      await expect(verifyPassword('Preloved#2026', broken)).resolves.toBe(false);
    }
  });

  it('makes 43-character base64url tokens and stores their SHA-256', () => {
    const token = randomToken();
    expect(token).toMatch(TOKEN_PATTERN);
    expect(randomToken()).not.toBe(token);
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(token)).toBe(tokenHash(token));
  });
});

describe('password hashing under a burst', () => {
  it('runs at most HASH_CONCURRENCY hashes at once and queues the rest', async () => {
    const burst = Array.from({ length: HASH_CONCURRENCY * 3 }, (_, i) => hashPassword(`Burst#${i}abc`));
    // p-limit starts queued work on a later tick.
    await new Promise((resolve) => setImmediate(resolve));
    const load = hashingLoad();
    expect(load.active).toBe(HASH_CONCURRENCY);
    expect(load.queued).toBe(HASH_CONCURRENCY * 2);
    await Promise.all(burst);
    expect(hashingLoad()).toEqual({ active: 0, queued: 0 });
  });
});
