import { renderWithProviders } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import { Countdown } from './Countdown';

// Fake timers move the clock (Date.now) and the interval together: each second the text changes,
// and at zero it stops and says so.
const START = new Date('2026-11-23T10:00:00Z');
beforeEach(() => {
  jest.useFakeTimers({ now: START });
});
afterEach(() => {
  jest.useRealTimers();
});
const at = (ms: number) => new Date(START.getTime() + ms).toISOString();
const tick = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('Countdown', () => {
  it('plain: hours:minutes:seconds, with days in front, ticking every second', () => {
    renderWithProviders(<Countdown expiresAt={at((2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)} />);
    expect(screen.getByRole('timer')).toHaveTextContent('2d 03:04:05');
    tick(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('2d 03:04:04');
    tick(999);
    expect(screen.getByRole('timer')).toHaveTextContent('2d 03:04:04');
    tick(1);
    expect(screen.getByRole('timer')).toHaveTextContent('2d 03:04:03');
    expect(screen.getByRole('timer')).toHaveAccessibleName('Time left: 2d 03:04:03');
  });

  it('plain: stops at zero, calls onEnd once and never goes negative', () => {
    const onEnd = jest.fn();
    renderWithProviders(<Countdown expiresAt={at(3000)} onEnd={onEnd} />);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:03');
    tick(3000);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    tick(10_000);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('compact: "Expires in" with the two largest units, then "Expired"', () => {
    renderWithProviders(<Countdown variant="compact" expiresAt={at((26 * 3600 + 60) * 1000)} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Expires in 1d 2h');
    tick(25 * 3600 * 1000);
    expect(screen.getByRole('timer')).toHaveTextContent('Expires in 1h 1m');
    tick(3600 * 1000 + 55_000);
    expect(screen.getByRole('timer')).toHaveTextContent('Expires in 0m 5s');
    tick(5000);
    expect(screen.getByRole('timer')).toHaveTextContent('Expired');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('boxed: days, hours and minutes in labelled boxes, counting down to 00 00 00', () => {
    renderWithProviders(<Countdown variant="boxed" expiresAt={at((86_400 + 2 * 3600 + 61) * 1000)} />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('01Days02Hours01Minutes');
    tick(61_000);
    expect(timer).toHaveTextContent('01Days02Hours00Minutes');
    tick((86_400 + 2 * 3600) * 1000);
    expect(timer).toHaveTextContent('00Days00Hours00Minutes');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('an end already past renders zero and starts no timer', () => {
    renderWithProviders(<Countdown variant="compact" expiresAt={at(-5000)} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Expired');
    expect(jest.getTimerCount()).toBe(0);
  });
});
