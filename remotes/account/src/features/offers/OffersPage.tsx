import { formatMoney, counterBounds, offerPayPrice, type Offer, type OfferLists } from '@preloved/contract';
import {
  addOfferToBag,
  answerCounter,
  answerOffer,
  counterOffer,
  getOffers,
  loadOffers,
  messageFor,
  offersEntry,
  refusalText,
  useCached,
  useToast,
} from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, usePageData, useReloadOnSignIn, useRevalidator } from '@preloved/shared/router';
import { AmountDialog, Button, ConfirmDialog, Countdown, EmptyState, PageSkeleton } from '@preloved/ui';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import { countryName, formatDate } from '../../lib/format';
import list from './OffersPage.module.css';

export async function offersLoader(_args: LoaderFunctionArgs): Promise<OfferLists | null> {
  return hasSession() ? loadOffers() : null;
}

/**
 * /user/offers (spec §2, §6): the offers the customer received as a seller (accept or
 * decline while the answer window runs) and made as a buyer (buy an accepted one at its price
 * before the buy window ends), each with its status, reason and countdown.
 */
export function OffersPage() {
  // The loader's lists, as the data cache holds them since: an answer's action is written there (one request each).
  const loaded = usePageData<OfferLists | null>();
  const kept = useCached(offersEntry(), () => getOffers(), { enabled: false }).data;
  const data = loaded && (kept ?? loaded);
  const { t } = useTranslation('account');
  const titleId = useId();
  useReloadOnSignIn(Boolean(data));
  useEffect(() => {
    document.title = `${t('offers.title')} — Preloved`;
  }, [t]);

  if (!data) return <PageSkeleton label={t('offers.title')} />;
  return (
    <section className={`${styles.page} ${list.page}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('offers.title')}
      </h2>
      <p className={styles.intro}>{t('offers.intro')}</p>
      <OfferSection kind="received" offers={data.received} />
      <OfferSection kind="made" offers={data.made} />
    </section>
  );
}

function OfferSection({ kind, offers }: { kind: 'received' | 'made'; offers: Offer[] }) {
  const { t } = useTranslation('account');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={list.section}>
      <h3 id={headingId} className={list.heading}>
        {t(`offers.${kind}`)} <span className={list.count}>({offers.length})</span>
      </h3>
      {offers.length === 0 ? (
        <EmptyState title={t(`offers.${kind}Empty`)}>
          <p>{t(`offers.${kind}EmptyText`)}</p>
        </EmptyState>
      ) : (
        <ul className={list.list}>
          {offers.map((offer) => (
            <li key={offer.id}>
              <OfferCard offer={offer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OfferCard({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<null | 'accept' | 'decline' | 'withdraw' | 'buy' | 'accept-counter' | 'decline-counter'>(null);
  const [countering, setCountering] = useState(false);
  // The seller's answer cannot be taken back: it is asked once more.
  const [confirming, setConfirming] = useState<null | 'accept' | 'decline'>(null);
  const titleId = useId();
  const price = (value: number) => formatMoney(value, i18n.language, { currency: offer.currency_symb_code });
  const href = `/product/${offer.product_brand_id}?variant=${offer.variant_id}&listing=${offer.listing_id}`;
  const seller = offer.role === 'seller';
  // An accepted offer above the listing's price now (a smart-pricing cut, the seller) is
  // bought at the listing's price; the card says what is paid.
  const pays = offerPayPrice(offer.price, offer.listing_price);
  const fell = offer.status === 'accepted' && pays < offer.price;

  const run = async (action: 'accept' | 'decline' | 'withdraw' | 'accept-counter' | 'decline-counter') => {
    setBusy(action);
    try {
      if (action === 'accept-counter' || action === 'decline-counter') await answerCounter(offer.id, action);
      else await answerOffer(offer.id, action);
      toast.success(t(`offers.done.${action}`, { title: offer.title }));
    } catch (failure) {
      toast.error(await refusalText(failure));
      // Whatever happened (a concurrent answer, a window that just closed), show the offer as it is now.
      void revalidator.revalidate();
    } finally {
      setBusy(null);
    }
  };

  const buy = async () => {
    setBusy('buy');
    try {
      await addOfferToBag(offer);
    } catch {
      // The shared catalogue's toast has said why (422: the offer is no longer buyable).
      void revalidator.revalidate();
    } finally {
      setBusy(null);
    }
  };

  return (
    <article className={list.card} aria-labelledby={titleId} data-status={offer.status}>
      <img className={list.photo} src={offer.photo} alt="" width={80} height={100} loading="lazy" />
      <div className={list.body}>
        <div className={list.head}>
          <h4 id={titleId} className={list.title}>
            <Link to={href}>{offer.title}</Link>
          </h4>
          <span className={list.status}>{t(`offers.statuses.${offer.status}`)}</span>
        </div>
        <dl className={list.facts}>
          <div>
            <dt>{t('offers.price')}</dt>
            <dd>
              <strong>{price(offer.price)}</strong> {offer.listing_price > offer.price ? <s className={list.was}>{price(offer.listing_price)}</s> : null}
            </dd>
          </div>
          {offer.counter_price !== null ? (
            <div>
              <dt>{t('offers.counterPrice')}</dt>
              <dd>
                <strong>{price(offer.counter_price)}</strong> <span className={list.was}>{t('offers.offered')} {price(offer.offered_price)}</span>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('offers.listedBy')}</dt>
            <dd>{offer.listed_by}</dd>
          </div>
          <div>
            <dt>{t('offers.country')}</dt>
            <dd>{countryName(offer.country, i18n.language)}</dd>
          </div>
          {seller ? (
            <div>
              <dt>{t('offers.from')}</dt>
              <dd>{offer.buyer}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('offers.madeOn')}</dt>
            <dd>{formatDate(offer.created_at, i18n.language)}</dd>
          </div>
        </dl>
        {offer.reason ? <p className={list.reason}>{t(`offers.reasons.${offer.reason}`)}</p> : null}
        {offer.status === 'countered' && offer.counter_price !== null ? (
          <p className={list.note}>
            {seller ? t('offers.counterWaiting', { price: price(offer.counter_price) }) : t('offers.counterFromSeller', { price: price(offer.counter_price), offered: price(offer.offered_price) })}
          </p>
        ) : null}
        {fell ? <p className={list.note}>{t(seller ? 'offers.priceFellSeller' : 'offers.priceFell', { price: price(pays) })}</p> : null}
        {offer.expires_at ? (
          <p className={list.timer}>
            <span>{t(`offers.timer.${timerLabel(offer.status, seller)}`)}</span>{' '}
            <Countdown expiresAt={offer.expires_at} variant={offer.status === 'accepted' ? 'boxed' : 'plain'} onEnd={() => void revalidator.revalidate()} />
          </p>
        ) : null}
        <div className={list.actions}>
          {seller && offer.status === 'active' ? (
            <>
              <Button busy={busy === 'accept'} disabled={busy !== null} onClick={() => setConfirming('accept')} aria-label={t('offers.acceptOf', { title: offer.title })}>
                {t('offers.accept')}
              </Button>
              <Button variant="secondary" busy={busy === 'decline'} disabled={busy !== null} onClick={() => setConfirming('decline')} aria-label={t('offers.declineOf', { title: offer.title })}>
                {t('offers.decline')}
              </Button>
              <Button variant="secondary" disabled={busy !== null} onClick={() => setCountering(true)} aria-label={t('offers.counterOf', { title: offer.title })}>
                {t('offers.counter')}
              </Button>
            </>
          ) : null}
          {!seller && offer.status === 'countered' && offer.counter_price !== null ? (
            <>
              <Button
                busy={busy === 'accept-counter'}
                disabled={busy !== null}
                onClick={() => void run('accept-counter')}
                aria-label={t('offers.acceptCounterOf', { title: offer.title, price: price(offer.counter_price) })}
              >
                {t('offers.acceptCounter', { price: price(offer.counter_price) })}
              </Button>
              <Button
                variant="secondary"
                busy={busy === 'decline-counter'}
                disabled={busy !== null}
                onClick={() => void run('decline-counter')}
                aria-label={t('offers.declineCounterOf', { title: offer.title })}
              >
                {t('offers.declineCounter')}
              </Button>
            </>
          ) : null}
          {!seller && offer.status === 'accepted' ? (
            <Button busy={busy === 'buy'} disabled={busy !== null} onClick={() => void buy()} aria-label={fell ? t('offers.buyOfAt', { title: offer.title, price: price(pays) }) : t('offers.buyOf', { title: offer.title })}>
              {t('offers.buy')}
            </Button>
          ) : null}
          {!seller && (offer.status === 'active' || offer.status === 'accepted') ? (
            <Button variant="secondary" busy={busy === 'withdraw'} disabled={busy !== null} onClick={() => void run('withdraw')} aria-label={t('offers.withdrawOf', { title: offer.title })}>
              {t('offers.withdraw')}
            </Button>
          ) : null}
        </div>
        {!seller && offer.in_bag && offer.status === 'accepted' ? <p className={list.note}>{fell ? t('offers.inBagAt', { price: price(pays) }) : t('offers.inBag')}</p> : null}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t(confirming === 'decline' ? 'offers.confirmDecline' : 'offers.confirmAccept', { price: price(offer.price), title: offer.title })}
        confirmLabel={t(confirming === 'decline' ? 'offers.decline' : 'offers.accept')}
        cancelLabel={t('offers.confirmCancel')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const action = confirming;
          setConfirming(null);
          if (action) void run(action);
        }}
      >
        {t(confirming === 'decline' ? 'offers.confirmDeclineText' : 'offers.confirmAcceptText')}
      </ConfirmDialog>
      {seller ? (
        <CounterDialog
          open={countering}
          offer={offer}
          onClose={() => setCountering(false)}
          onSent={() => setCountering(false)}
        />
      ) : null}
    </article>
  );
}

/**
 * The seller's one counter-offer: a price above the buyer's offer and below the
 * listing's, checked before sending; the API's refusal shows next to the field.
 */
function CounterDialog({ open, offer, onClose, onSent }: { open: boolean; offer: Offer; onClose: () => void; onSent: () => void }) {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const money = (value: number) => formatMoney(value, i18n.language, { currency: offer.currency_symb_code });
  const { min, max } = counterBounds(offer.price, offer.listing_price);
  const outOfBounds = () => t('offers.counterOutOfBounds', { min: money(min), max: money(max) });

  return (
    <AmountDialog
      open={open}
      title={t('offers.counterTitle', { title: offer.title })}
      intro={t('offers.counterIntro', { offered: money(offer.price), listed: money(offer.listing_price) })}
      label={t('offers.counterAmount')}
      hint={t('offers.counterBounds', { min: money(min), max: money(max) })}
      cancelLabel={t('offers.confirmCancel')}
      sendLabel={t('offers.counterSend')}
      check={(value) => (value === null ? t('offers.counterInvalid') : value < min || value > max ? outOfBounds() : null)}
      onSend={async (value) => {
        await counterOffer(offer.id, { price: value });
        toast.success(t('offers.done.counter', { title: offer.title, price: money(value) }));
        onSent();
      }}
      priceRefusal={(key) => (key === 'counter_out_of_bounds' ? outOfBounds() : messageFor(key))}
      onClose={onClose}
    />
  );
}

/**
 * Whose move the countdown is for: the shopper's own ("Answer within", "Buy within") or the other
 * side's ("The seller answers within"), so a buyer waiting on the seller is not told to answer.
 */
function timerLabel(status: Offer['status'], seller: boolean): 'answer' | 'buy' | 'sellerAnswers' | 'buyerAnswers' | 'buyerBuys' {
  if (status === 'accepted') return seller ? 'buyerBuys' : 'buy';
  const ours = seller ? status === 'active' : status === 'countered';
  if (ours) return 'answer';
  return seller ? 'buyerAnswers' : 'sellerAnswers';
}
