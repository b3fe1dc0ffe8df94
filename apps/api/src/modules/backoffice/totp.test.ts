import { acceptTotp, newTotpSecret, totpCode, totpStep } from './totp';

const at = new Date('2026-11-28T10:00:10Z');

describe('staff TOTP', () => {
  it('enrols with a base32 secret and an otpauth:// URI that carries it', () => {
    const { secret, uri } = newTotpSecret('ana@preloved.example');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('period=30');
  });

  it('accepts the current code and the codes one step either side, not two', () => {
    const { secret } = newTotpSecret('a@b.c');
    expect(acceptTotp(secret, totpCode(secret, at), at, null)).toBe(totpStep(at));
    expect(acceptTotp(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at, null)).toBe(totpStep(at) - 1);
    expect(acceptTotp(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at, null)).toBe(totpStep(at) + 1);
    expect(acceptTotp(secret, totpCode(secret, new Date(at.getTime() - 60_000)), at, null)).toBeNull();
    expect(acceptTotp(secret, totpCode(secret, new Date(at.getTime() + 60_000)), at, null)).toBeNull();
  });

  it('refuses a code already used, or an older one, once a step has signed in', () => {
    const { secret } = newTotpSecret('a@b.c');
    const step = acceptTotp(secret, totpCode(secret, at), at, null)!;
    expect(acceptTotp(secret, totpCode(secret, at), at, step)).toBeNull();
    expect(acceptTotp(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at, step)).toBeNull();
    expect(acceptTotp(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at, step)).toBe(step + 1);
  });

  it('refuses a wrong code and anything that is not six digits', () => {
    const { secret } = newTotpSecret('a@b.c');
    const right = totpCode(secret, at);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(acceptTotp(secret, wrong, at, null)).toBeNull();
    for (const code of ['', '12345', '1234567', 'abcdef', ` ${right}`]) expect(acceptTotp(secret, code, at, null)).toBeNull();
  });
});
