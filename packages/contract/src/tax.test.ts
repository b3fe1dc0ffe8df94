import { isReportableSeller, maskTin, normaliseTin, TaxDataInput, taxDataNeed, validBirthDate, validPortugueseNif, validSpanishNif } from './tax';

describe('DAC7 thresholds', () => {
  it('asks nothing below 25 sales and €1 800, shows the banner from either, pauses payouts from 30 sales or €2 000', () => {
    expect(taxDataNeed(24, 179_999)).toBe('none');
    expect(taxDataNeed(25, 0)).toBe('soon');
    expect(taxDataNeed(0, 180_000)).toBe('soon');
    expect(taxDataNeed(29, 199_999)).toBe('soon');
    expect(taxDataNeed(30, 0)).toBe('required');
    expect(taxDataNeed(1, 200_000)).toBe('required');
  });

  it('excludes a seller with fewer than 30 sales and consideration not above €2 000 (the directive’s Excluded Seller)', () => {
    expect(isReportableSeller(29, 200_000)).toBe(false);
    expect(isReportableSeller(29, 200_001)).toBe(true);
    expect(isReportableSeller(30, 100)).toBe(true);
    expect(isReportableSeller(0, 0)).toBe(false);
  });
});

describe('tax identification numbers', () => {
  it('accepts a Portuguese NIF with its mod-11 check digit and refuses any other', () => {
    expect(['123456789', '501964843', '999999990'].map(validPortugueseNif)).toEqual([true, true, true]);
    expect(['123456780', '12345678', '023456789', '12345678A'].map(validPortugueseNif)).toEqual([false, false, false, false]);
  });

  it('accepts a Spanish DNI, NIE and company NIF with the right control character', () => {
    expect(['12345678Z', 'X1234567L', 'Y1234567X', 'Z1234567R', 'B12345674', 'P1234567D'].map(validSpanishNif)).toEqual([true, true, true, true, true, true]);
    expect(['12345678A', 'X1234567A', 'B12345675', '1234567Z', 'I12345674'].map(validSpanishNif)).toEqual([false, false, false, false, false]);
  });

  it('reads a number as typed and shows only its last 4 characters', () => {
    expect(normaliseTin(' x-1234567-l ')).toBe('X1234567L');
    expect(maskTin('123456789')).toBe('••••6789');
  });
});

describe('the tax data form', () => {
  const person = { kind: 'private', first_name: 'Rita', last_name: 'Lopes', birth_date: '1990-04-25', address: 'Rua Augusta 10', zip_code: '1100-053', city: 'Lisboa', country: 'pt', tin: '123 456 789', tin_country: 'PT' };
  const keys = (input: unknown) => {
    const parsed = TaxDataInput.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
  };

  it('takes a private person’s data with a checked NIF and a real date of birth', () => {
    expect(keys(person)).toEqual([]);
    expect(TaxDataInput.parse(person)).toMatchObject({ tin: '123456789', country: 'PT' });
  });

  it('names the wrong field: the check digit for the issuing country, the date of birth, a missing business field', () => {
    expect(keys({ ...person, tin: '123456780' })).toEqual(['tin:invalid_tin_pt']);
    expect(keys({ ...person, tin: '12345678A', tin_country: 'ES' })).toEqual(['tin:invalid_tin_es']);
    expect(keys({ ...person, birth_date: '2031-02-30' })).toEqual(['birth_date:invalid_birth_date']);
    expect(keys({ ...person, birth_date: new Date().toISOString().slice(0, 10) })).toEqual(['birth_date:invalid_birth_date']);
    expect(keys({ kind: 'business', business_name: 'Loja, Lda', address: 'Rua 1', zip_code: '1000-001', city: 'Lisboa', country: 'PT', tin: '501964843', tin_country: 'PT', vat_number: 'PT501964843' })).toEqual([
      'registration_number:no_tax_registration_number',
    ]);
  });

  it('checks a date of birth against today: at least 16, born after 1900', () => {
    const today = new Date('2026-06-01T12:00:00Z');
    expect([validBirthDate('2010-06-01', today), validBirthDate('2010-06-02', today), validBirthDate('1899-12-31', today), validBirthDate('1990-13-01', today)]).toEqual([true, false, false, false]);
  });
});
