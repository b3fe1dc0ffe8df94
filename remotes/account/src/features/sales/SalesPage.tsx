import { ShippedRequest, type Sale, type SaleList } from '@preloved/contract';
import {
  formatPrice,
  getSales,
  markSaleShipped,
  resendLabel,
  useToast,
} from '@preloved/shared';
import { hasSession, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, EmptyState, Field, FormFailure, OrderProducts, PageSkeleton, Pagination, useFieldForm } from '@preloved/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import { formatDate } from '../../lib/format';
import { accountMessage } from '../../lib/messages';
import parts from '../../components/OrderParts.module.css';
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
 * /user/sales — the seller's side of orders (issue 11 item 7, spec §6): each package sold, newest
 * first, with its pieces and ship-by date; one not shipped yet is marked shipped with its tracking
 * number, and every one can have its label e-mail sent again.
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

function SaleCard({ initial }: { initial: Sale }) {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const [sale, setSale] = useState(initial);
  const [resending, setResending] = useState(false);
  const titleId = useId();
  const date = (value: string) => formatDate(value, i18n.language);

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

  return (
    <article className={list.card} aria-labelledby={titleId}>
      <div className={list.head}>
        <h3 id={titleId} className={list.number}>
          {t('sales.order', { number: sale.order_number })}
        </h3>
        <span className={`${parts.status} ${sale.status === 'paid' ? list.toShip : (parts[sale.status] ?? '')}`}>{t(`sales.statuses.${sale.status}`)}</span>
      </div>
      <p className={parts.meta}>{t('sales.soldOn', { date: date(sale.date), buyer: sale.buyer })}</p>
      <OrderProducts products={sale.products} currency="EUR" />
      <dl className={parts.facts}>
        <div>
          <dt>{t('sales.shipBy')}</dt>
          <dd>{date(sale.ship_by)}</dd>
        </div>
        <div>
          <dt>{t('order.trackingNumber')}</dt>
          <dd>{sale.tracking_number ?? t('order.notShipped')}</dd>
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
            <dd>−{formatPrice(sale.bundle_discount!, i18n.language)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('sales.youReceive')}</dt>
          <dd>{formatPrice(sale.amount, i18n.language)}</dd>
        </div>
      </dl>
      {sale.status === 'paid' ? (
        <ShipForm
          sale={sale}
          onShipped={(shipped) => {
            setSale(shipped);
            toast.success(t('sales.shipped', { number: shipped.order_number }));
          }}
        />
      ) : null}
      <div>
        <Button variant="secondary" busy={resending} disabled={resending} onClick={() => void resend()}>
          {t('sales.resendLabel')}
        </Button>
      </div>
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
      <Field {...form.field('trackingNumber')} label={t('order.trackingNumber')} name="tracking-number" autoComplete="off" maxLength={40} />
      <FormFailure>{form.failure}</FormFailure>
      <div>
        <Button type="submit" busy={busy} disabled={busy}>
          {t('sales.markShipped')}
        </Button>
      </div>
    </form>
  );
}
