import { i18n, setLanguage } from '../i18n';
// The whole English catalogue (a page gets the refusals' with the first one: ../i18n/refusals.test.ts).
import '../i18n/errors.en';
import { errorText } from './error-text';

// The client translates an answer's code once, with its params, and never reads the English message
// when it knows the code (the catalogue's coverage of every code: ../i18n/catalogue.test.ts).
describe('errorText', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('translates a code with its params in the page’s language', async () => {
    const body = { statusCode: 422, code: 'too_many_addresses', message: 'English for the logs', params: { max: 20 } };
    expect(errorText(body)).toBe('You can keep at most 20 addresses. Delete one first.');
    await setLanguage('pt');
    expect(i18n.language).toBe('pt');
    expect(errorText(body)).toBe('Pode guardar no máximo 20 moradas. Apague uma primeiro.');
  });

  it('writes the money of a refusal’s params the way the page’s language writes money', async () => {
    const body = { statusCode: 409, code: 'total_changed', message: 'English for the logs', params: { total: 23.2 } };
    expect(errorText(body)).toBe('The total is now €23.20. Please review your order before paying.');
    await setLanguage('pt');
    expect(errorText(body)).toBe('O total é agora 23,20\u00a0€. Reveja a sua encomenda antes de pagar.');
  });

  it('answers null without a known code, and leaves a generic code to its message', () => {
    expect(errorText({ message: 'This offer can no longer be answered.' })).toBeNull();
    expect(errorText({ code: 'bundle_unheard_of', message: 'x' })).toBeNull();
    expect(errorText({ code: 'conflict', message: 'A sentence a newer refusal wrote' })).toBeNull();
    expect(errorText({ code: 'conflict', message: '' })).toBe('This can no longer be done.');
    expect(errorText('not a body')).toBeNull();
  });
});
