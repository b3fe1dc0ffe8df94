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
