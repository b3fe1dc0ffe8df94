import { BRAND_DIRECT_MESSAGES, type OrderReturns, type ReturnablePiece } from '@preloved/contract';
import { downloadOrderDocument, getOrderReturns, i18n, refusalText, returnBrandPiece, useToast } from '@preloved/shared';
import { Button, ConfirmDialog, FormFailure } from '@preloved/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import parts from '../../components/OrderParts.module.css';
import { formatDate } from '../../lib/format';

// The refusals of a return are the account's to show: their English comes with the page.
i18n.addResourceBundle('en', 'common', { validation: BRAND_DIRECT_MESSAGES }, true, false);

/** The order's pieces the brand sold itself (Brand Direct) and their returns; null until known, or when none. */
export function useOrderReturns(orderId: number): [OrderReturns | null, (next: OrderReturns) => void] {
  const [returns, setReturns] = useState<OrderReturns | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getOrderReturns(orderId, controller.signal).then(
      (found) => setReturns(found.pieces.length ? found : null),
      // Without them the page is the order as it always was: no return offered.
      () => undefined,
    );
    return () => controller.abort();
  }, [orderId]);
  return [returns, setReturns];
}

/** Hands a document the API serves the buyer (a label, the invoice) to the browser as a file. */
async function save(url: string, name: string) {
  const file = URL.createObjectURL(await downloadOrderDocument(url));
  const link = Object.assign(document.createElement('a'), { href: file, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(file), 60_000);
}

/**
 * Under a brand piece of the order: the 14-day withdrawal right ("Return this piece" until the end of
 * the 14th day after the delivery, no reason asked), then the return's prepaid label and its refund.
 */
export function BrandReturn({ orderId, piece, title, price, onChange }: { orderId: number; piece: ReturnablePiece; title: string; price: (amount: number) => string; onChange: (next: OrderReturns) => void }) {
  const { t, i18n: { language } } = useTranslation('account');
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const done = piece.return;
  // The last day a return can be asked: the moment it ends is the start of the next day.
  const lastDay = piece.returnable_until ? new Date(Date.parse(piece.returnable_until) - 1000).toISOString() : null;

  const ask = async () => {
    setAsking(false);
    setBusy(true);
    setFailure(null);
    try {
      onChange(await returnBrandPiece(orderId, piece.listing_id));
      toast.success(t('brandReturn.sent'));
    } catch (error) {
      setFailure(await refusalText(error));
    } finally {
      setBusy(false);
    }
  };
  const label = async () => {
    setFailure(null);
    try {
      await save(done!.label_url, `return-${done!.tracking_number}.pdf`);
    } catch (error) {
      setFailure(await refusalText(error));
    }
  };

  return (
    <div>
      {done ? (
        done.refunded !== null && done.received_at ? (
          <p className={parts.meta}>{t('brandReturn.refunded', { amount: price(done.refunded), date: formatDate(done.received_at, language) })}</p>
        ) : (
          <>
            <p className={parts.meta}>{t('brandReturn.asked', { date: formatDate(done.requested_at, language), tracking: done.tracking_number })}</p>
            <Button variant="secondary" onClick={() => void label()} aria-label={t('brandReturn.labelOf', { title })}>
              {t('brandReturn.label')}
            </Button>
          </>
        )
      ) : (
        <p className={parts.meta}>{t('brandReturn.soldByBrand')}</p>
      )}
      {piece.returnable ? (
        <>
          {lastDay ? <p className={parts.meta}>{t('brandReturn.until', { date: formatDate(lastDay, language) })}</p> : null}
          <Button variant="secondary" busy={busy} disabled={busy} onClick={() => setAsking(true)} aria-label={t('brandReturn.returnPieceOf', { title })}>
            {t('brandReturn.returnPiece')}
          </Button>
          <ConfirmDialog
            open={asking}
            title={t('brandReturn.confirmTitle', { title })}
            confirmLabel={t('brandReturn.confirm')}
            cancelLabel={t('brandReturn.keep')}
            onConfirm={() => void ask()}
            onCancel={() => setAsking(false)}
          >
            <p>{t('brandReturn.confirmText')}</p>
          </ConfirmDialog>
        </>
      ) : null}
      <FormFailure>{failure}</FormFailure>
    </div>
  );
}

/** The brand's invoice of its pieces in the order, as a file. */
export function BrandInvoiceLink({ url, number }: { url: string; number: string }) {
  const { t } = useTranslation('account');
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() =>
          void save(url, `invoice-BD-${number}.pdf`).catch(async (error: unknown) => {
            setFailure(await refusalText(error));
          })
        }
      >
        {t('brandReturn.invoice')}
      </Button>
      <FormFailure>{failure}</FormFailure>
    </>
  );
}
