import { dateTimeFormat, localeOf, REVIEW_REPLY_MAX_LENGTH, type SellerReview, type SellerReviews } from '@preloved/contract';
import { messageFor, readRefusal, refusedFields, userDataAtom, useToast } from '@preloved/shared';
import { Button, FormFailure, TextAreaField } from '@preloved/ui';
import { Link } from '@preloved/shared/router';
import { useAtomValue } from 'jotai';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getSellerReviews, replyToReview } from './reviews-api';
import styles from './VendorReviews.module.css';

export interface VendorReviewsProps {
  sellerId: number;
  sellerName: string;
  /** The first page, loaded with the page (and rendered by the server). */
  initial: SellerReviews;
}

/** Dates in the store's time zone, so the server's HTML and the browser's render agree. */
const formatDate = (iso: string, language: string) =>
  dateTimeFormat(localeOf(language), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Lisbon' }).format(new Date(iso));

/**
 * The seller page's reviews (the rating itself heads the page): each review newest first with its stars,
 * words (a review of stars alone is listed too: it counts in the rating), date, the pieces bought and
 * the seller's answer. The seller, signed in on their own page, answers a review once, here.
 */
export function VendorReviews({ sellerId, sellerName, initial }: VendorReviewsProps) {
  const { t } = useTranslation('catalog');
  const headingId = useId();
  const [reviews, setReviews] = useState(initial.reviews);
  const [page, setPage] = useState(initial.page);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  // Personal: known only after hydration (the server renders the page for everyone).
  const own = useAtomValue(userDataAtom)?.customer.CustomerID === sellerId;

  const more = async () => {
    setLoading(true);
    setLoadFailed(false);
    try {
      const next = await getSellerReviews(sellerId, page + 1);
      setReviews((shown) => [...shown, ...next.reviews.filter((review) => !shown.some((seen) => seen.id === review.id))]);
      setPage(next.page);
    } catch {
      setLoadFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {t('reviews.title', { count: initial.rating.count })}
        </h2>
        <Link to="/how-reviews-work" className={styles.muted}>
          {t('trader.howReviewsWork')}
        </Link>
      </div>
      {reviews.length === 0 ? (
        <p className={styles.muted}>{t('reviews.empty')}</p>
      ) : (
        <ol className={styles.list}>
          {reviews.map((review) => (
            <li key={review.id}>
              <Review
                review={review}
                sellerName={sellerName}
                canAnswer={own && !review.reply}
                onAnswered={(answered) => setReviews((shown) => shown.map((item) => (item.id === answered.id ? answered : item)))}
              />
            </li>
          ))}
        </ol>
      )}
      {reviews.length < initial.rating.count ? (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => void more()} busy={loading} disabled={loading}>
            {t('reviews.more')}
          </Button>
          {loadFailed ? <p role="alert">{t('reviews.loadFailed')}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

function Review({ review, sellerName, canAnswer, onAnswered }: { review: SellerReview; sellerName: string; canAnswer: boolean; onAnswered: (review: SellerReview) => void }) {
  const { t, i18n } = useTranslation('catalog');
  const [answering, setAnswering] = useState(false);
  return (
    <article className={styles.review}>
      <p className={styles.meta}>
        <span className={styles.stars} role="img" aria-label={t('reviews.stars', { count: review.rating })}>
          {'★'.repeat(review.rating)}
          <span className={styles.empty}>{'★'.repeat(5 - review.rating)}</span>
        </span>
        <time dateTime={review.date}>{formatDate(review.date, i18n.language)}</time>
      </p>
      {review.comment ? <p className={styles.comment}>{review.comment}</p> : null}
      {review.pieces.length > 0 ? <p className={styles.pieces}>{t('reviews.pieces', { pieces: review.pieces.join(', ') })}</p> : null}
      {review.reply ? (
        <div className={styles.reply}>
          <p className={styles.replyHead}>
            {t('reviews.replyFrom', { name: sellerName })} · <time dateTime={review.reply.date}>{formatDate(review.reply.date, i18n.language)}</time>
          </p>
          <p className={styles.comment}>{review.reply.text}</p>
        </div>
      ) : canAnswer ? (
        answering ? (
          <ReplyForm reviewId={review.id} onCancel={() => setAnswering(false)} onAnswered={onAnswered} />
        ) : (
          <Button variant="secondary" onClick={() => setAnswering(true)}>
            {t('reviews.answer')}
          </Button>
        )
      ) : null}
    </article>
  );
}

function ReplyForm({ reviewId, onCancel, onAnswered }: { reviewId: number; onCancel: () => void; onAnswered: (review: SellerReview) => void }) {
  const { t } = useTranslation('catalog');
  const toast = useToast();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (text.trim() === '') {
      setError(messageFor('no_reply'));
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answered = await replyToReview(reviewId, text);
      toast.success(t('reviews.sent'));
      onAnswered(answered);
    } catch (caught) {
      const fields = refusedFields(caught);
      if (fields.reply) {
        setError(messageFor(fields.reply));
        inputRef.current?.focus();
      } else {
        // The refusal's code (review_already_answered, review_not_yours…) in the page's language.
        setFailure((await readRefusal(caught)).text);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        ref={inputRef}
        label={t('reviews.answerLabel')}
        value={text}
        rows={3}
        maxLength={REVIEW_REPLY_MAX_LENGTH}
        autoFocus
        onChange={(value) => {
          setText(value);
          setError(null);
        }}
        error={error}
        hint={t('reviews.answerHint', { count: REVIEW_REPLY_MAX_LENGTH - text.length })}
      />
      <FormFailure>{failure}</FormFailure>
      <div className={styles.actions}>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('reviews.cancel')}
        </Button>
        <Button type="submit" busy={busy} disabled={busy}>
          {t('reviews.send')}
        </Button>
      </div>
    </form>
  );
}
