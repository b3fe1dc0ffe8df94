import { formatMoney, type ThreadSummary } from '@preloved/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import css from './Messages.module.css';

/** The conversation's piece in one line, after `lead` (the other party, or the piece's link): its price and state. */
export function PieceFacts({ thread, lead }: { thread: ThreadSummary; lead: ReactNode }) {
  const { t, i18n } = useTranslation('account');
  return (
    <p className={css.facts}>
      {lead}
      <span>{formatMoney(thread.piece.price, i18n.language)}</span>
      <span>{t(`messages.statuses.${thread.piece.status}`, { defaultValue: thread.piece.status })}</span>
    </p>
  );
}

/** "Seller: Rita" to the buyer, "Buyer: Bruno" to the seller. */
export function OtherParty({ thread }: { thread: ThreadSummary }) {
  const { t } = useTranslation('account');
  return <span>{t(thread.role === 'buyer' ? 'messages.withSeller' : 'messages.withBuyer', { name: thread.other_name })}</span>;
}
