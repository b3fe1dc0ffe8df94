import { formatMoney, type CheckoutData, type Quote, type QuoteRequest } from '@preloved/contract';
import { checkDiscountCode, getQuote, lostPieces, messageFor, readRefusal, useCached } from '@preloved/shared';
import { Link, useNavigate, usePageData } from '@preloved/shared/router';
import { Button, buttonClassName, EmptyState, Field } from '@preloved/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BagLineItem } from '../../components/BagLineItem';
import { CheckoutFrame } from '../../components/CheckoutFrame';
import { Reductions } from '../../components/OrderTotals';
import { SellerNotices } from '../../components/SellerNotices';
import { useCheckoutProgress, useGuestCart } from '../../components/checkout-progress';
import styles from './ReviewPage.module.css';

const FEES = ['processing', 'verification', 'shipping', 'delivery'] as const;

/**
 * /review (spec §2, §4): the lines with their sellers, the fee lines and the total of the quote
 * (spec §9), and the discount code ("Apply" always enabled; its messages next to the field, §5).
 */
export function ReviewPage() {
  const { t, i18n } = useTranslation('bag');
  const checkout = usePageData<CheckoutData>();
  const navigate = useNavigate();
  const [progress, setProgress] = useCheckoutProgress();
  const cart = useGuestCart();
  const [failureText, setFailureText] = useState<string | null>(null);
  const [code, setCode] = useState(progress.discount_code ?? '');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  // A signed-in shopper's quote is of the server's bag: it is asked again when the checkout's lines
  // are read again (the bag closed with a line fewer, spec §4).
  const linesKey = checkout.lines.map((line) => line.listing_id).join(',');

  // The quote of this bag, delivery and code, through the data cache: back on this tab, a quote
  // already given is not asked again. The last quote stays on screen while the next is out.
  const request: QuoteRequest = {
    delivery_option: progress.delivery_option ?? 'home',
    pickup_point_id: progress.pickup_point_id ?? undefined,
    discount_code: progress.discount_code ?? undefined,
    cart,
  };
  const asked = useCached(['checkout-quote', request, linesKey], () => getQuote(request), { enabled: Boolean(progress.delivery_option), keepPrevious: true });
  const quote: Quote | null = asked.data ?? null;
  useEffect(() => {
    if (asked.data && asked.error === undefined) setProgress((current) => ({ ...current, total: asked.data!.total }));
    // The total follows each answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked.data]);
  useEffect(() => {
    let live = true;
    const error = asked.error;
    if (error === undefined) return;
    const lost = lostPieces(error);
    if (lost.length > 0) setFailureText(`${t('payment.lostText')} ${lost.map((piece) => piece.title).join(', ')}`);
    else void readRefusal(error).then((refusal) => live && setFailureText(refusal.text));
    return () => {
      live = false;
    };
  }, [asked.error, t]);
  const failure = asked.error === undefined ? null : failureText;

  const money = (amount: number) => formatMoney(amount, i18n.language, { currency: quote?.currency_symb_code ?? checkout.currency_symb_code });

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setCodeError(messageFor('no_discount_code'));
      return;
    }
    setApplying(true);
    try {
      const result = await checkDiscountCode({ code, cart });
      setCodeError(null);
      setProgress((current) => ({ ...current, discount_code: result.code, first_order_code: result.first_order_only ?? false }));
    } catch (error) {
      const refusal = await readRefusal(error);
      setCodeError(messageFor(refusal.fields.code) ?? refusal.text);
    } finally {
      setApplying(false);
    }
  };

  if (!progress.delivery_option)
    return (
      <CheckoutFrame tab="review" checkout={checkout}>
        <EmptyState title={t('review.noDelivery')} action={<Link className={buttonClassName()} to="/checkout">{t('review.chooseDelivery')}</Link>} />
      </CheckoutFrame>
    );

  const address = progress.address;
  return (
    <CheckoutFrame tab="review" checkout={checkout}>
      <section className={styles.block} aria-labelledby="review-delivery">
        <h2 id="review-delivery" className={styles.title}>
          {t('review.deliveryTo')}
        </h2>
        <p className={styles.text}>
          {progress.delivery_option === 'pickup'
            ? t('review.pickupAt', { name: progress.pickup_point_name ?? '' })
            : address
              ? t('review.homeTo', { address: [address.address, address.address2, `${address.zip_code} ${address.city}`, t(`countries.${address.country}`, { defaultValue: address.country })].filter(Boolean).join(', ') })
              : t('review.savedAddress')}
        </p>
      </section>
      {failure ? (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      ) : null}
      {!quote && !failure ? <p>{t('review.loading')}</p> : null}
      {quote ? (
        <>
          <section className={styles.block} aria-labelledby="review-lines">
            <h2 id="review-lines" className={styles.title}>
              {t('review.lines')}
            </h2>
            <ul className={styles.lines}>
              {quote.lines.map((line) => {
                // The checkout's line carries what the line component links to (product, variant).
                const full = checkout.lines.find((candidate) => candidate.listing_id === line.listing_id);
                return full ? (
                  <BagLineItem key={line.listing_id} line={{ ...full, price: line.price, customer_name: line.FirstName }} />
                ) : (
                  <li key={line.listing_id}>
                    {line.title} · {t('line.listedBy', { name: line.FirstName })} · {money(line.price)}
                  </li>
                );
              })}
            </ul>
            <p className={styles.text}>{t('review.packages', { count: quote.packages })}</p>
            <SellerNotices sellers={quote.sellers} />
          </section>
          <section className={styles.block} aria-labelledby="review-fees">
            <h2 id="review-fees" className={styles.title}>
              {t('review.fees')}
            </h2>
            <dl className={styles.fees}>
              <div>
                <dt>{t('review.subtotal')}</dt>
                <dd>{money(quote.subtotal)}</dd>
              </div>
              {FEES.map((fee) => {
                // No verification line when the store checks nothing (VERIFICATION_MODE=none): the API leaves it out.
                const amount = quote.fees[fee];
                return amount === undefined ? null : (
                  <div key={fee}>
                    <dt>{t(`review.${fee}`)}</dt>
                    <dd>{money(amount)}</dd>
                  </div>
                );
              })}
              <Reductions discount={quote.fees.discount} bundles={quote.bundles} currency={quote.currency_symb_code} />
              <div className={styles.total}>
                <dt>{t('review.total')}</dt>
                <dd>{money(quote.total)}</dd>
              </div>
            </dl>
          </section>
        </>
      ) : null}
      <form className={styles.promo} onSubmit={apply} noValidate>
        <Field label={t('review.promo')} value={code} onChange={(value) => {
          setCode(value);
          setCodeError(null);
        }} error={codeError} autoComplete="off" />
        <Button type="submit" variant="secondary" aria-busy={applying || undefined}>
          {t('review.apply')}
        </Button>
      </form>
      {progress.discount_code ? (
        <p className={styles.text} role="status">
          {t('review.applied', { code: progress.discount_code })}{' '}
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              setCode('');
              setProgress((current) => ({ ...current, discount_code: null, first_order_code: false }));
            }}
          >
            {t('review.remove')}
          </button>
        </p>
      ) : null}
      <div className={styles.actions}>
        <Link to="/checkout" className={buttonClassName('secondary')}>
          {t('review.back')}
        </Link>
        <Button disabled={!quote} onClick={() => void navigate('/payment')}>
          {t('review.continue')}
        </Button>
      </div>
    </CheckoutFrame>
  );
}
