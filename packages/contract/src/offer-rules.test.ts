import { counterBounds, counterBoundsCents, offerBounds, offerBoundsCents } from './offer-rules';

describe('offer bounds', () => {
  it('are 50 % to 99 % of the listing’s price by default, the lowest rounded up and the highest down to the cent', () => {
    expect(offerBoundsCents(4999)).toEqual({ min: 2500, max: 4949 });
    expect(offerBounds(49.99)).toEqual({ min: 25, max: 49.49 });
  });

  it('follow other percentages, in cents and in euros alike', () => {
    expect(offerBoundsCents(10_000, 70, 90)).toEqual({ min: 7000, max: 9000 });
    expect(offerBounds(100, 70, 90)).toEqual({ min: 70, max: 90 });
  });
});

describe('counter-offer bounds', () => {
  it('lie strictly between the offer and the listing’s price', () => {
    expect(counterBoundsCents(3000, 4000)).toEqual({ min: 3001, max: 3999 });
    expect(counterBounds(30, 40)).toEqual({ min: 30.01, max: 39.99 });
  });

  it('are empty when the offer is a cent below the price', () => {
    const { min, max } = counterBoundsCents(3999, 4000);
    expect(min).toBeGreaterThan(max);
  });
});
