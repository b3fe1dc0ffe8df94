import { act, render, screen } from '@testing-library/react';
import { clearCached, fetchCached, invalidateCached, setCached, useCached } from './data-cache';
import { startSessionAtom, store } from './store';

/** A loader that counts its calls and gives its answers in turn (the last one from then on). */
function loader<T>(answers: T[]) {
  let calls = 0;
  const load = () => Promise.resolve(answers[Math.min(calls++, answers.length - 1)] as T);
  return { load, calls: () => calls };
}

describe('the data cache', () => {
  beforeEach(() => clearCached());

  it('answers askers of the same key at the same moment with one request, and a fresh answer without one', async () => {
    const bag = loader([['coat'], ['coat', 'scarf']]);
    const [first, second] = await Promise.all([fetchCached(['bag', 'a'], bag.load), fetchCached(['bag', 'a'], bag.load)]);
    expect([first, second, bag.calls()]).toEqual([['coat'], ['coat'], 1]);
    expect(await fetchCached(['bag', 'a'], bag.load)).toEqual(['coat']);
    expect(bag.calls()).toBe(1);
    // A moment that must know the bag now asks again.
    expect(await fetchCached(['bag', 'a'], bag.load, { freshMs: 0 })).toEqual(['coat', 'scarf']);
    expect(bag.calls()).toBe(2);
  });

  it('keys by what the key says, whatever the order of an object’s fields', async () => {
    const summary = loader([{ total: 10 }]);
    await fetchCached(['summary', { delivery: 'home', cart: [1, 2] }], summary.load);
    await fetchCached(['summary', { cart: [1, 2], delivery: 'home' }], summary.load);
    expect(summary.calls()).toBe(1);
    await fetchCached(['summary', { cart: [1, 2], delivery: 'pickup' }], summary.load);
    expect(summary.calls()).toBe(2);
  });

  it('keeps a mutation’s answer and gives it without asking; a stale entry is asked for again', async () => {
    const offers = loader([{ made: ['asked'] }]);
    setCached(['offers', 3], { made: ['answered'] });
    expect(await fetchCached(['offers', 3], offers.load)).toEqual({ made: ['answered'] });
    expect(offers.calls()).toBe(0);
    // Updating what is held; nothing is written for an entry nobody holds.
    setCached<{ made: string[] }>(['offers', 3], (held) => held && { made: [...held.made, 'more'] });
    setCached<{ made: string[] }>(['offers', 4], (held) => held && { made: [...held.made, 'more'] });
    expect(await fetchCached(['offers', 3], offers.load)).toEqual({ made: ['answered', 'more'] });
    invalidateCached(['offers']);
    expect(await fetchCached(['offers', 3], offers.load)).toEqual({ made: ['asked'] });
    expect(offers.calls()).toBe(1);
  });

  it('keeps no refusal as an answer: the next asker asks again', async () => {
    let calls = 0;
    const failing = () => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('brand'));
    await expect(fetchCached(['brand'], failing)).rejects.toThrow('offline');
    expect(await fetchCached(['brand'], failing)).toBe('brand');
    expect(calls).toBe(2);
  });

  it('forgets every customer’s answer when another customer signs in, and keeps what is the same for everyone', async () => {
    const offers = loader([{ made: ['hers'] }, { made: ['his'] }]);
    const brand = loader([{ name: 'Preloved' }, { name: 'asked again' }]);
    await fetchCached(['offers'], offers.load);
    await fetchCached(['brand'], brand.load, { freshMs: Infinity, everyone: true });
    act(() => store.set(startSessionAtom, { token: 'another', cart: [], notifications: 0 }));
    expect(await fetchCached(['offers'], offers.load)).toEqual({ made: ['his'] });
    expect(await fetchCached(['brand'], brand.load, { freshMs: Infinity, everyone: true })).toEqual({ name: 'Preloved' });
  });

  it('does not keep an answer asked for before the session changed', async () => {
    let answer: (value: string[]) => void = () => undefined;
    const late = fetchCached(['offers'], () => new Promise<string[]>((resolve) => (answer = resolve)));
    act(() => store.set(startSessionAtom, { token: 'someone else', cart: [], notifications: 0 }));
    answer(['the last customer’s']);
    expect(await late).toEqual(['the last customer’s']);
    expect(await fetchCached(['offers'], () => Promise.resolve(['this customer’s']))).toEqual(['this customer’s']);
  });

  it('gives a component the key’s answer, asked once, and the last key’s answer while a new one is out', async () => {
    let release: (value: string) => void = () => undefined;
    const asked: string[] = [];
    function Summary({ option }: { option: string }) {
      const { data } = useCached(
        ['summary', option],
        () => {
          asked.push(option);
          return option === 'home' ? Promise.resolve('home: €10') : new Promise<string>((resolve) => (release = resolve));
        },
        { keepPrevious: true },
      );
      return <p>{data ?? 'loading'}</p>;
    }
    const { rerender } = render(<Summary option="home" />);
    expect(await screen.findByText('home: €10')).toBeInTheDocument();
    rerender(<Summary option="pickup" />);
    expect(screen.getByText('home: €10')).toBeInTheDocument();
    await act(async () => release('pickup: €8'));
    expect(await screen.findByText('pickup: €8')).toBeInTheDocument();
    rerender(<Summary option="home" />);
    expect(screen.getByText('home: €10')).toBeInTheDocument();
    expect(asked).toEqual(['home', 'pickup']);
  });
});
