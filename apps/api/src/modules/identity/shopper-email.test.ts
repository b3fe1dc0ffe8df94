import { shopperEmail } from './shopper-email';

describe('shopperEmail', () => {
  it('folds case, and the dots and +tags Gmail ignores, onto one address', () => {
    for (const spelling of ['Ana.Silva@gmail.com', 'anasilva+promo@GMAIL.com', 'a.n.a.s.i.l.v.a+x+y@googlemail.com', ' anasilva@gmail.com ']) {
      expect(shopperEmail(spelling)).toBe('anasilva@gmail.com');
    }
  });

  it('drops +tags where the provider ignores them but keeps dots there', () => {
    expect(shopperEmail('Ana.Silva+shop@outlook.com')).toBe('ana.silva@outlook.com');
    expect(shopperEmail('ana.silva+1@icloud.com')).toBe('ana.silva@icloud.com');
  });

  it('keeps dots and +tags at other domains, where they may be another mailbox', () => {
    expect(shopperEmail('Ana.Silva+shop@example.pt')).toBe('ana.silva+shop@example.pt');
  });
});

describe('shopperEmail and the domain', () => {
  it('drops the trailing dot DNS ignores, so "x@gmail.com." is x@gmail.com', () => {
    expect(shopperEmail('x@gmail.com.')).toBe('x@gmail.com');
    expect(shopperEmail('X.Y+promo@GMAIL.COM..')).toBe('xy@gmail.com');
    expect(shopperEmail('ana@example.pt.')).toBe('ana@example.pt');
  });

  it('writes an international domain in its ASCII (punycode) form, so both spellings are one shopper', () => {
    expect(shopperEmail('ana@münchen.de')).toBe('ana@xn--mnchen-3ya.de');
    expect(shopperEmail('ana@XN--MNCHEN-3YA.DE')).toBe('ana@xn--mnchen-3ya.de');
    expect(shopperEmail('ana@München.de.')).toBe('ana@xn--mnchen-3ya.de');
  });

  it('still folds a provider’s rules once the domain is in its one form', () => {
    // Full-width letters are the same domain once IDNA maps them: gmail's rules apply.
    expect(shopperEmail('a.n.a+x@ｇｍａｉｌ.com.')).toBe('ana@gmail.com');
  });
});
