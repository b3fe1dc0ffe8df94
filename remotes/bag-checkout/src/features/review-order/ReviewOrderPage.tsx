import { ReviewRequest, type OrderDetail } from '@preloved/contract';
import {
  findOrder,
  messageFor,
  openLoginAtom,
  readRefusal,
  reviewOrder,
  store,
  tokenAtom,
  useToast,
} from '@preloved/shared';
import {
  Link,
  usePageData,
  useRevalidator,
  type LoaderFunctionArgs,
} from '@preloved/shared/router';
import { Button, EmptyState, FormFailure, OrderProducts, PageSkeleton, TextAreaField, buttonClassName } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ReviewOrderPage.module.css';

/** The longest comment the API keeps (ReviewRequest). */
const COMMENT_MAX = 500;
const RATINGS = [1, 2, 3, 4, 5] as const;

export type ReviewOrderData = { order: OrderDetail } | { missing: true } | { signedOut: true };

export async function reviewOrderLoader({ params, request }: LoaderFunctionArgs): Promise<ReviewOrderData> {
  if (!store.get(tokenAtom)) return { signedOut: true };
  const order = await findOrder(params.orderId, request.signal);
  return order ? { order } : { missing: true };
}

/**
 * /review-order/{id} (spec §2, public route): the buyer rates a delivered purchase from 1 to 5 with a
 * comment, once. Before delivery it says why it cannot be rated yet; after, it shows the review.
 * The link comes from the order page and the delivery; a visitor is asked to sign in first.
 */
export function ReviewOrderPage() {
  const data = usePageData<ReviewOrderData>();
  const { t } = useTranslation('bag');
  const token = useAtomValue(tokenAtom);
  const openLogin = useSetAtom(openLoginAtom);
  const revalidator = useRevalidator();
  const signedOut = 'signedOut' in data;

  useEffect(() => {
    document.title = `${t('reviewOrder.title')} — Preloved`;
  }, [t]);
  useEffect(() => {
    if (token && signedOut && revalidator.state === 'idle') void revalidator.revalidate();
  }, [token, signedOut, revalidator]);

  let body;
  if (signedOut) {
    body = token ? (
      <PageSkeleton label={t('reviewOrder.title')} />
    ) : (
      <EmptyState title={t('reviewOrder.signInTitle')} action={<Button onClick={() => openLogin()}>{t('reviewOrder.signIn')}</Button>}>
        <p>{t('reviewOrder.signInText')}</p>
      </EmptyState>
    );
  } else if ('missing' in data) {
    body = (
      <EmptyState
        role="status"
        title={t('reviewOrder.missing')}
        action={
          <Link to="/user/orders" className={buttonClassName('primary')}>
            {t('reviewOrder.orders')}
          </Link>
        }
      >
        <p>{t('reviewOrder.missingText')}</p>
      </EmptyState>
    );
  } else {
    body = <Review key={data.order.id} initial={data.order} />;
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('reviewOrder.title')}</h1>
      {body}
    </div>
  );
}

function Review({ initial }: { initial: OrderDetail }) {
  const { t } = useTranslation('bag');
  const [order, setOrder] = useState(initial);
  const orderLink = `/user/orders/${order.id}`;
  return (
    <>
      <section className={styles.summary} aria-label={t('reviewOrder.order', { number: order.number })}>
        <p className={styles.number}>
          <Link to={orderLink}>{t('reviewOrder.order', { number: order.number })}</Link>
        </p>
        <OrderProducts products={order.products} currency={order.currency_symb_code} />
      </section>
      {order.review ? (
        <section className={styles.done} aria-labelledby="review-done">
          <h2 id="review-done">{t('reviewOrder.yourReview')}</h2>
          <p className={styles.stars} aria-hidden="true">
            {'★'.repeat(order.review.rating)}
            {'☆'.repeat(5 - order.review.rating)}
          </p>
          <p>{t('reviewOrder.rated', { rating: order.review.rating })}</p>
          {order.review.comment ? <blockquote className={styles.quote}>{order.review.comment}</blockquote> : null}
        </section>
      ) : order.can_review ? (
        <ReviewForm order={order} onReviewed={setOrder} />
      ) : (
        <EmptyState
          role="status"
          title={t('reviewOrder.notYet')}
          action={
            <Link to={orderLink} className={buttonClassName('secondary')}>
              {t('reviewOrder.openOrder')}
            </Link>
          }
        >
          <p>{t(order.status === 'shipped' ? 'reviewOrder.notYetShipped' : 'reviewOrder.notYetPaid')}</p>
        </EmptyState>
      )}
    </>
  );
}

function ReviewForm({ order, onReviewed }: { order: OrderDetail; onReviewed: (order: OrderDetail) => void }) {
  const { t } = useTranslation('bag');
  const toast = useToast();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<{ field: 'rating' | 'comment'; key: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstStar = useRef<HTMLInputElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = ReviewRequest.safeParse({ rating: rating ?? undefined, comment });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === 'comment' ? 'comment' : 'rating';
      setProblem({ field, key: issue?.message ?? 'no_rating' });
      (field === 'comment' ? commentRef.current : firstStar.current)?.focus();
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      onReviewed(await reviewOrder(order.id, parsed.data));
      toast.success(t('reviewOrder.thanks'));
    } catch (error) {
      const refusal = await readRefusal(error);
      const key = refusal.fields.rating ?? refusal.fields.comment;
      if (key) setProblem({ field: refusal.fields.rating ? 'rating' : 'comment', key });
      else setFailure(refusal.text);
      setBusy(false);
    }
  };

  const ratingError = problem?.field === 'rating' ? messageFor(problem.key, 'bag') : null;
  const commentError = problem?.field === 'comment' ? messageFor(problem.key, 'bag') : null;
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className={styles.rating} aria-describedby={ratingError ? `${id}-rating` : undefined} aria-invalid={ratingError ? true : undefined}>
        <legend>{t('reviewOrder.rating')}</legend>
        <div className={styles.stars}>
          {RATINGS.map((value) => (
            <label key={value} className={rating !== null && value <= rating ? styles.on : undefined}>
              <input
                ref={value === 1 ? firstStar : undefined}
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setProblem(null);
                }}
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t('reviewOrder.stars', { count: value })}</span>
            </label>
          ))}
        </div>
        {ratingError ? (
          <p id={`${id}-rating`} className={styles.error}>
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        ref={commentRef}
        label={t('reviewOrder.comment')}
        value={comment}
        maxLength={COMMENT_MAX}
        rows={4}
        onChange={(value) => {
          setComment(value);
          if (problem?.field === 'comment') setProblem(null);
        }}
        error={commentError}
        hint={t('reviewOrder.commentHint', { count: COMMENT_MAX - comment.length })}
      />
      <FormFailure>{failure}</FormFailure>
      <div>
        <Button type="submit" busy={busy} disabled={busy}>
          {t('reviewOrder.send')}
        </Button>
      </div>
    </form>
  );
}
