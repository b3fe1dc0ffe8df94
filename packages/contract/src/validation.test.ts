import { checkEmail, checkNewPassword, checkPasswordConfirmation, checkName, splitName } from './validation';
import { NewsletterRequest } from './newsletter';

describe('spec §5 validation rules', () => {
  it('gives no_email for an empty email and invalid_email for a malformed one', () => {
    expect(checkEmail('')).toBe('no_email');
    expect(checkEmail('   ')).toBe('no_email');
    expect(checkEmail('ana@')).toBe('invalid_email');
    expect(checkEmail('ana@example')).toBe('invalid_email');
    expect(checkEmail('ana@example.com')).toBeNull();
  });

  it('refuses an email longer than 50 characters', () => {
    const email = `${'a'.repeat(39)}@example.com`; // 51 characters
    expect(email).toHaveLength(51);
    expect(checkEmail(email)).toBe('too_long');
  });

  it('asks a password of 8 to 30 characters with lower, upper, digit and a special character', () => {
    expect(checkNewPassword('')).toBe('no_password');
    expect(checkNewPassword('Ab1!')).toBe('password_rules');
    expect(checkNewPassword('abcdefg1!')).toBe('password_rules');
    expect(checkNewPassword('ABCDEFG1!')).toBe('password_rules');
    expect(checkNewPassword('Abcdefgh!')).toBe('password_rules');
    expect(checkNewPassword('Abcdefgh1')).toBe('password_rules');
    expect(checkNewPassword(`Ab1!${'x'.repeat(27)}`)).toBe('password_rules');
    expect(checkNewPassword('Abcdef1!')).toBeNull();
    expect(checkNewPassword(`Ab1!${'x'.repeat(26)}`)).toBeNull();
  });

  it('matches the confirmation against the password', () => {
    expect(checkPasswordConfirmation('Abcdef1!', '')).toBe('no_password');
    expect(checkPasswordConfirmation('Abcdef1!', 'Abcdef1?')).toBe('password_not_match');
    expect(checkPasswordConfirmation('Abcdef1!', 'Abcdef1!')).toBeNull();
  });

  it('needs a name and splits it into the first word and the rest, keeping a middle word', () => {
    expect(checkName(' ')).toBe('no_name');
    expect(splitName('  Ana Maria  Silva ')).toEqual({ firstName: 'Ana', lastName: 'Maria Silva' });
    expect(splitName('Ana Silva')).toEqual({ firstName: 'Ana', lastName: 'Silva' });
    expect(splitName('Ana')).toEqual({ firstName: 'Ana', lastName: '' });
  });

  it('refuses control characters and text-reordering marks in a name, and keeps every script', () => {
    for (const name of ['Ana\u0000', 'Ana\nBcc: x', 'Ana\u001b[31m', 'Ana\u0085', 'Ana\u202etxt.exe', 'Ana\u2066x']) expect(checkName(name)).toBe('invalid_characters');
    for (const name of ['Zoë', 'José-María', "O'Brien", 'Łukasz', '李雷', 'Ana 2']) expect(checkName(name)).toBeNull();
  });
});

describe('NewsletterRequest', () => {
  it('answers with the spec message keys', () => {
    const keyOf = (email: string) =>
      NewsletterRequest.safeParse({ email, id_brand: 1 }).error?.issues[0]?.message;
    expect(keyOf('')).toBe('no_email');
    expect(keyOf('nope')).toBe('invalid_email');
    expect(keyOf(`${'a'.repeat(39)}@example.com`)).toBe('too_long');
    expect(keyOf('ana@example.com')).toBeUndefined();
  });
});
