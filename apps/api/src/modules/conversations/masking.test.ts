import { MASK, maskContacts } from './masking';

// Ways to take a deal outside the store are masked, however they are written; what a buyer and a
// seller need to say about a piece (sizes, measures, prices, years, a tracking number) stays.
describe('maskContacts', () => {
  it.each([
    ['Call me on 912 345 678', `Call me on ${MASK}`],
    ['ou +351 912-345-678 por MB WAY', `ou ${MASK} por MB WAY`],
    ['00351912345678', MASK],
    ['(+351) 21 123 45 67', `(${MASK}`],
    ['write to rita.sousa@example.com', `write to ${MASK}`],
    ['rita at example dot com', MASK],
    ['pay me at paypal.me/rita12 instead', `pay me at ${MASK} instead`],
    ['https://wa.me/351912345678', MASK],
    ['IBAN PT50 0002 0123 1234 5678 9015 4 please', `IBAN ${MASK} please`],
    ['ES9121000418450200051332', MASK],
  ])('masks %j', (text, expected) => {
    expect(maskContacts(text)).toEqual({ text: expected, masked: true });
  });

  it.each([
    'Does it run small? I am a 38 and usually take an M.',
    'Chest 52 cm, length 70 cm, sleeves 61 cm.',
    'Would you take €1 200,00 for both?',
    'Bought it in 2019, worn twice.',
    'Tracking: RR123456785PT',
    'Shipped on 12/11/2026 at 10:30.',
    'Can we meet at the shop? It is at.me the corner, ok.me too',
  ])('keeps %j', (text) => {
    expect(maskContacts(text)).toEqual({ text, masked: false });
  });
});
