import { formatMoney, carrierName, ShippedRequest, type OrderProduct, type Sale, type SaleList } from '@preloved/contract';
import {
  cancelSale,
  cancelSalePiece,
  downloadSaleLabel,
  getSales,
  markSaleShipped,
  refusalText,
  resendLabel,
  useToast,
} from '@preloved/shared';
import { hasSession, type LoaderFunctionArgs, usePageData, useReloadOnSignIn, useRevalidator } from '@preloved/shared/router';
import { Button, ConfirmDialog, EmptyState, Field, FormFailure, OrderProducts, PageSkeleton, Pagination, useFieldForm } from '@preloved/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import { formatDate } from '../../lib/format';
import { accountMessage } from '../../lib/messages';
import parts from '../../components/OrderParts.module.css';
import { HubNote, HubVerdict, refundKey, refundReason } from '../../components/HubNotes';
import list from './SalesPage.module.css';

/** Sales a page of the list shows (the API's default too). */
export const SALES_PER_PAGE = 20;

export type SalesData = { sales: SaleList; page: number };

export async function salesLoader({ request }: LoaderFunctionArgs): Promise<SalesData | null> {
  if (!hasSession()) return null;
  const asked = Number(new URL(request.url).searchParams.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 500 ? asked : 1;
  return { sales: await getSales(page, request.signal), page };
}

/**
 * /user/sales — the seller's side of orders (spec §6): each package sold, newest
 * first, with its pieces and ship-by date; one not shipped yet is marked shipped with its tracking
 * number, and every one can have its label e-mail sent again. Before shipping, the seller may cancel
 * a sale that is the order's only package, or one piece of a package of several they cannot send
 *; a cancelled sale, or one whose every piece was cancelled, shows as cancelled.
 * With the carrier's labels (CARRIER_MODE=sendcloud) a sale has a prepaid label to download
 * instead of a number to type: it shows the carrier and its tracking link, and "being bought" until
 * the label is there. With the test carrier (the demo's) the label the store draws is downloaded too,
 * so a seller on a phone need not find the mail. The actions are sized by what they are:
 * the label to print first, the mail again and "can't send this piece" as quiet text buttons.
 */
export function SalesPage() {
  const data = usePageData<SalesData | null>();
  const { t } = useTranslation('account');
  const titleId = useId();
  useReloadOnSignIn(Boolean(data));
  useEffect(() => {
    document.title = `${t('sales.title')} — Preloved`;
  }, [t]);

  if (!data) return <PageSkeleton label={t('sales.title')} />;
  const { sales, page } = data;
  const pages = Math.max(1, Math.ceil(sales.count / SALES_PER_PAGE));
  return (
    <section className={`${styles.page} ${list.page}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('sales.title')}
      </h2>
      {sales.sales.length === 0 ? (
        <EmptyState title={t('sales.empty')}>
          <p>{t('sales.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <p className={styles.intro}>{t('sales.caption', { count: sales.count })}</p>
          <ul className={list.list}>
            {sales.sales.map((sale) => (
              <li key={sale.id}>
                <SaleCard initial={sale} />
              </li>
            ))}
          </ul>
          {pages > 1 ? <Pagination page={page} pages={pages} /> : null}
        </>
      )}
    </section>
  );
}

type Cancelling = { piece: null } | { piece: OrderProduct };

function SaleCard({ initial }: { initial: Sale }) {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const revalidator = useRevalidator();
  const [sale, setSale] = useState(initial);
  const [resending, setResending] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState<Cancelling | null>(null);
  const [cancelling, setCancelling] = useState<number | 'sale' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const date = (value: string) => formatDate(value, i18n.language);
  const price = (amount: number) => formatMoney(amount, i18n.language);
  const controlId = (what: Cancelling) => (what.piece ? `${titleId}-piece-${what.piece.listing_id}` : `${titleId}-cancel`);
  // Back to the control pressed once the dialog is gone (kept, or refused: the message is in the card).
  const focusControl = (what: Cancelling) => requestAnimationFrame(() => document.getElementById(controlId(what))?.focus());
  const cancelled = Boolean(sale.cancelled_at);
  // A label the store buys from the carrier (null or absent: the test carrier, whose seller types the number).
  const labelled = sale.label !== null && sale.label !== undefined;

  useEffect(() => setSale(initial), [initial]);

  const resend = async () => {
    setResending(true);
    try {
      await resendLabel(sale.id);
      toast.success(t('sales.labelSent', { number: sale.order_number }));
    } catch {
      // The shared catalogue's toast has said what failed.
    } finally {
      setResending(false);
    }
  };

  // The label is the API's (the seller's session), so it is fetched and handed to the browser as a file.
  const download = async () => {
    setDownloading(true);
    setFailure(null);
    try {
      const pdf = await downloadSaleLabel(sale.id);
      const url = URL.createObjectURL(pdf);
      const link = Object.assign(document.createElement('a'), { href: url, download: `label-${sale.order_number}.pdf` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setFailure(await refusalText(error));
    } finally {
      setDownloading(false);
    }
  };

  // The sale or a piece cancelled: the card shows it at once from the answer, then the list is read
  // again (what the API has); focus goes to the card's heading, as the button pressed is gone.
  const cancel = async (what: Cancelling) => {
    setCancelling(what.piece ? what.piece.listing_id : 'sale');
    setFailure(null);
    try {
      if (what.piece) {
        const { listing_id, title } = what.piece;
        const result = await cancelSalePiece(sale.id, listing_id);
        setSale((current) => {
          const products = current.products.map((product) =>
            product.listing_id === listing_id ? { ...product, refunded: { amount: result.refunded, date: result.cancelled_at } } : product,
          );
          const closed = result.order_cancelled || products.every((product) => product.refunded);
          return {
            ...current,
            products,
            amount: Math.round((current.amount - result.taken_back) * 100) / 100,
            cancelled_at: closed ? result.cancelled_at : (current.cancelled_at ?? null),
            can_cancel: closed ? false : current.can_cancel,
            can_cancel_pieces: closed ? false : current.can_cancel_pieces,
          };
        });
        toast.success(t('sales.pieceCancelled', { title, amount: price(result.refunded), takenBack: price(result.taken_back) }));
      } else {
        const result = await cancelSale(sale.id);
        setSale((current) => ({ ...current, cancelled_at: result.cancelled_at, can_cancel: false, can_cancel_pieces: false }));
        toast.success(t('sales.saleCancelled', { number: result.number, amount: price(result.refunded) }));
      }
      heading.current?.focus();
      void revalidator.revalidate();
    } catch (error) {
      setFailure(await refusalText(error));
      focusControl(what);
    } finally {
      setCancelling(null);
    }
  };

  const piece = confirming?.piece ?? null;
  // The test carrier's sale to ship: its label to print comes first, then the number typed from it.
  const toShipByHand = !labelled && sale.status === 'paid' && !cancelled;
  const downloadButton = (
    <Button
      variant={sale.status === 'paid' ? 'primary' : 'secondary'}
      busy={downloading}
      disabled={downloading}
      onClick={() => void download()}
      aria-label={t('sales.downloadLabelOf', { number: sale.order_number })}
    >
      {t('sales.downloadLabel')}
    </Button>
  );
  return (
    <article className={list.card} aria-labelledby={titleId}>
      <div className={list.head}>
        <h3 id={titleId} ref={heading} tabIndex={-1} className={list.number}>
          {t('sales.order', { number: sale.order_number })}
        </h3>
        <span className={`${parts.status} ${cancelled ? parts.cancelled : sale.status === 'paid' ? list.toShip : (parts[sale.status] ?? '')}`}>
          {t(`sales.statuses.${cancelled ? 'cancelled' : sale.status}`)}
        </span>
      </div>
      <p className={parts.meta}>{t('sales.soldOn', { date: date(sale.date), buyer: sale.buyer })}</p>
      {sale.cancelled_at ? <p>{t('sales.cancelled', { date: date(sale.cancelled_at) })}</p> : null}
      {sale.verification ? <HubNote verification={sale.verification} side="sales" /> : null}
      <OrderProducts
        products={sale.products}
        currency="EUR"
        details={(product) =>
          product.refunded ? (
            <>
              <HubVerdict verification={sale.verification} listingId={product.listing_id} side="sales" />
              <p className={parts.meta}>{t(refundKey('sales', refundReason(sale.verification, product.listing_id, sale.shipped_at !== null)), { amount: price(product.refunded.amount), date: date(product.refunded.date) })}</p>
            </>
          ) : sale.verification?.pieces.some((piece) => piece.listing_id === product.listing_id && piece.verdict) ? (
            <HubVerdict verification={sale.verification} listingId={product.listing_id} side="sales" />
          ) : sale.can_cancel_pieces && sale.products.length > 1 ? (
            <Button
              id={controlId({ piece: product })}
              variant="ghost"
              className={list.minor}
              busy={cancelling === product.listing_id}
              disabled={cancelling !== null}
              onClick={() => setConfirming({ piece: product })}
              aria-label={t('sales.cancelPieceOf', { title: product.title })}
            >
              {t('sales.cancelPiece')}
            </Button>
          ) : null
        }
      />
      <dl className={parts.facts}>
        <div>
          <dt>{t('sales.shipBy')}</dt>
          <dd>{date(sale.ship_by)}</dd>
        </div>
        {labelled && sale.carrier ? (
          <div>
            <dt>{t('sales.carrier')}</dt>
            <dd>{carrierName(sale.carrier)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('order.trackingNumber')}</dt>
          <dd>
            {sale.tracking_number && sale.tracking_url && sale.carrier ? (
              <a
                href={sale.tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('sales.trackOn', { number: sale.tracking_number, carrier: carrierName(sale.carrier) })}
              >
                {sale.tracking_number}
              </a>
            ) : (
              (sale.tracking_number ?? (sale.label === 'pending' ? t('sales.labelPending') : t('order.notShipped')))
            )}
          </dd>
        </div>
        {sale.shipped_at ? (
          <div>
            <dt>{t('sales.shippedOn')}</dt>
            <dd>{date(sale.shipped_at)}</dd>
          </div>
        ) : null}
        {(sale.bundle_discount ?? 0) > 0 ? (
          <div>
            <dt>{t('sales.bundleDiscount', { percent: sale.bundle_percent })}</dt>
            <dd>{formatMoney(sale.bundle_discount!, i18n.language, { minus: true })}</dd>
          </div>
        ) : null}
        {cancelled ? null : (
          <div>
            <dt>{t('sales.youReceive')}</dt>
            <dd>{formatMoney(sale.amount, i18n.language)}</dd>
          </div>
        )}
      </dl>
      {labelled && !cancelled && sale.label === 'failed' ? <p role="status">{t('sales.labelFailed')}</p> : null}
      {labelled && !cancelled && sale.status === 'paid' && sale.label === 'ready' ? (
        <p className={parts.meta}>{t('sales.carrierShips', { carrier: carrierName(sale.carrier ?? '') })}</p>
      ) : null}
      {toShipByHand ? <div className={list.actions}>{downloadButton}</div> : null}
      {toShipByHand ? (
        <ShipForm
          sale={sale}
          onShipped={(shipped) => {
            setSale(shipped);
            toast.success(t('sales.shipped', { number: shipped.order_number }));
          }}
        />
      ) : null}
      <FormFailure>{failure}</FormFailure>
      {cancelled ? null : (
        <div className={list.actions}>
          {sale.label === 'ready' || (!labelled && !toShipByHand) ? downloadButton : null}
          <Button variant="ghost" busy={resending} disabled={resending} onClick={() => void resend()}>
            {t('sales.resendLabel')}
          </Button>
          {sale.can_cancel ? (
            <Button
              id={controlId({ piece: null })}
              variant="secondary"
              busy={cancelling === 'sale'}
              disabled={cancelling !== null}
              onClick={() => setConfirming({ piece: null })}
              aria-label={t('sales.cancelSaleOf', { number: sale.order_number })}
            >
              {t('sales.cancelSale')}
            </Button>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={piece ? t('sales.cancelPieceConfirm', { title: piece.title, number: sale.order_number }) : t('sales.cancelSaleConfirm', { number: sale.order_number })}
        confirmLabel={piece ? t('sales.cancelPieceYes') : t('sales.cancelSaleYes')}
        cancelLabel={piece ? t('sales.keepPiece') : t('sales.keepSale')}
        onCancel={() => {
          if (confirming) focusControl(confirming);
          setConfirming(null);
        }}
        onConfirm={() => {
          const what = confirming;
          setConfirming(null);
          if (what) void cancel(what);
        }}
      >
        {piece ? t('sales.cancelPieceText') : t('sales.cancelSaleText', { amount: price(sale.amount) })}
      </ConfirmDialog>
    </article>
  );
}

const WIRE_FIELDS = { tracking_number: 'trackingNumber' } as const;

function ShipForm({ sale, onShipped }: { sale: Sale; onShipped: (sale: Sale) => void }) {
  const { t } = useTranslation('account');
  const form = useFieldForm({ trackingNumber: '' }, { message: accountMessage });
  const { busy } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // The contract's own check, so a missing or malformed number is said before anything is sent.
    const parsed = ShippedRequest.safeParse({ tracking_number: form.values.trackingNumber });
    if (!form.check({ trackingNumber: parsed.success ? null : (parsed.error.issues[0]?.message ?? null) })) return;
    form.setBusy(true);
    try {
      onShipped(await markSaleShipped(sale.id, form.values.trackingNumber));
    } catch (error) {
      await form.refuseFailure(error, WIRE_FIELDS);
    }
  };

  return (
    <form className={list.ship} onSubmit={(event) => void submit(event)} noValidate aria-label={t('sales.shipFormOf', { number: sale.order_number })}>
      <Field {...form.field('trackingNumber')} label={t('order.trackingNumber')} hint={t('sales.trackingHint')} name="tracking-number" autoComplete="off" />
      <FormFailure>{form.failure}</FormFailure>
      <div>
        <Button type="submit" busy={busy} disabled={busy}>
          {t('sales.markShipped')}
        </Button>
      </div>
    </form>
  );
}
