import { useTranslation } from 'react-i18next';

/**
 * The seller's usual answer time to a question (issue 47: the median of their latest answers, from
 * the API; nothing until they have answered three): "Usually answers within 2 hours". Minutes under
 * an hour, whole hours (rounded up) under a day, else days.
 */
export function AnswerTime({ minutes, className }: { minutes: number | null | undefined; className?: string }) {
  const { t } = useTranslation('catalog');
  if (minutes === null || minutes === undefined) return null;
  const [unit, count] = minutes < 60 ? ['minutes', Math.max(1, minutes)] : minutes < 1440 ? ['hours', Math.ceil(minutes / 60)] : ['days', Math.ceil(minutes / 1440)];
  return <p className={className}>{t(`answers.${unit}`, { count })}</p>;
}
