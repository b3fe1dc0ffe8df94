import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Countdown.module.css';

/** Spec §2 "Offer countdown": plain, "expires in" compact, and boxed days/hours/minutes. */
export type CountdownVariant = 'plain' | 'compact' | 'boxed';

export interface CountdownProps {
  /** ISO date-time the countdown ends at. */
  expiresAt: string;
  variant?: CountdownVariant;
  /** Called once when the countdown reaches zero (the page may read the offer's new state). */
  onEnd?: () => void;
  className?: string;
}

/** Spec §4/§9: the countdown ticks every second. */
export const COUNTDOWN_TICK_MS = 1000;

const pad = (value: number) => String(value).padStart(2, '0');

function parts(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { days: Math.floor(total / 86_400), hours: Math.floor((total % 86_400) / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60, total };
}

/**
 * Time left to an offer's window end, ticking every second and stopping at zero. It reads the
 * clock, so it belongs to personal regions rendered in the browser (the account pages), never to
 * server-rendered HTML.
 */
export function Countdown({ expiresAt, variant = 'plain', onEnd, className }: CountdownProps) {
  const { t } = useTranslation('common');
  const end = new Date(expiresAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  const ended = now >= end;
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;

  useEffect(() => {
    if (Date.now() >= end) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= end) {
        clearInterval(timer);
        onEndRef.current?.();
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [end]);

  const left = parts(end - now);
  const clock = `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`;
  const plain = left.days > 0 ? t('countdown.time', { days: left.days, clock }) : clock;
  const classes = [styles.countdown, styles[variant], className].filter(Boolean).join(' ');

  if (variant === 'boxed') {
    const boxes = [
      [left.days, t('countdown.days')],
      [left.hours, t('countdown.hours')],
      [left.minutes, t('countdown.minutes')],
    ] as const;
    return (
      <span role="timer" aria-label={t('countdown.left', { time: plain })} className={classes} data-ended={ended || undefined}>
        {boxes.map(([value, label]) => (
          <span key={label} className={styles.box}>
            <span className={styles.value}>{pad(value)}</span>
            <span className={styles.unit}>{label}</span>
          </span>
        ))}
      </span>
    );
  }
  if (variant === 'compact') {
    const short =
      left.days > 0 ? `${left.days}d ${left.hours}h` : left.hours > 0 ? `${left.hours}h ${left.minutes}m` : `${left.minutes}m ${left.seconds}s`;
    return (
      <span role="timer" className={classes} data-ended={ended || undefined}>
        {ended ? t('countdown.expired') : t('countdown.expiresIn', { time: short })}
      </span>
    );
  }
  return (
    <span role="timer" aria-label={t('countdown.left', { time: plain })} className={classes} data-ended={ended || undefined}>
      {plain}
    </span>
  );
}
