import {
  BRAND_DIRECT_ROLES,
  BRAND_STOCK_SOURCES,
  type BrandCatalogue,
  type BrandCatalogueEntry,
  type BrandOrders,
  type BrandSales,
  type BrandStockAdded,
  type BrandStockList,
  type BrandStockSource,
  type UploadedPhoto,
} from '@preloved/contract';
import { api, describeError, messageFor, useToast } from '@preloved/shared';
import { Button, EmptyState, Field, FormFailure } from '@preloved/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, downloadUrl, useConsoleData, type ConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { formatDay, formatMoment, formatMoney } from '../../lib/format';
import { useStaff } from '../../lib/session';
import styles from '../../lib/console.module.css';
import { RecordTable } from '../../lib/RecordTable';

const CONDITIONS = [1, 2, 3, 4, 5];
const own = { handlesErrors: true };

/** One piece being prepared for listing. */
interface Draft {
  key: number;
  child: BrandCatalogueEntry;
  condition: string;
  price: string;
  source: BrandStockSource;
  acquired: string;
  photos: string[];
  comment: string;
}

const numberOf = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));
const allows = (role: string, roles: readonly string[]) => roles.includes(role);

/** POST /api/backoffice/brand-stock/photos — one photo's bytes, checked and stored as a seller's are. */
async function uploadPhoto(photo: File): Promise<UploadedPhoto> {
  return api()
    .post('backoffice/brand-stock/photos', { body: photo, headers: { 'content-type': photo.type || 'application/octet-stream' }, context: own })
    .json<UploadedPhoto>();
}

function DraftRow({ draft, index, problems, onChange, onRemove }: { draft: Draft; index: number; problems: Record<string, string>; onChange: (next: Draft) => void; onRemove: () => void }) {
  const { t } = useTranslation('backoffice');
  const toast = useToast();
  const [uploading, setUploading] = useState(false);
  const id = useId();
  const problem = (field: string) => {
    const key = problems[`pieces.${index}.${field}`];
    return key ? messageFor(key, 'backoffice') : null;
  };
  const number = index + 1;
  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    const added: string[] = [];
    for (const file of Array.from(files)) {
      try {
        added.push((await uploadPhoto(file)).url);
      } catch (failure) {
        toast.error((await describeError(failure)).message);
      }
    }
    setUploading(false);
    onChange({ ...draft, photos: [...draft.photos, ...added].slice(0, 4) });
  };
  const select = (field: 'condition' | 'source', label: string, options: { value: string; label: string }[]) => (
    <div className={styles.compactField}>
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <select
        id={`${id}-${field}`}
        value={field === 'condition' ? draft.condition : draft.source}
        aria-invalid={problem(field === 'condition' ? 'condition_id' : 'source') ? true : undefined}
        onChange={(event) => onChange(field === 'condition' ? { ...draft, condition: event.target.value } : { ...draft, source: event.target.value as BrandStockSource, acquired: event.target.value === 'trade_in' ? draft.acquired : '' })}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {problem(field === 'condition' ? 'condition_id' : 'source') ? <p className={styles.error}>{problem(field === 'condition' ? 'condition_id' : 'source')}</p> : null}
    </div>
  );
  const title = t('brand-stock.list.row', { number, title: draft.child.title, colour: draft.child.colour, size: draft.child.size });
  return (
    <li className={styles.card} aria-label={title}>
      <h3 className={styles.subtitle}>{title}</h3>
      {problem('child_id') ? <p className={styles.error}>{problem('child_id')}</p> : null}
      <div className={styles.row}>
        {select(
          'condition',
          t('brand-stock.list.condition'),
          CONDITIONS.map((condition) => ({ value: String(condition), label: t(`catalogue.conditions.${condition}`, { ns: 'common' }) })),
        )}
        <Field label={t('brand-stock.list.price')} value={draft.price} onChange={(price) => onChange({ ...draft, price })} inputMode="decimal" maxLength={9} error={problem('price')} />
        {select(
          'source',
          t('brand-stock.list.source'),
          BRAND_STOCK_SOURCES.map((source) => ({ value: source, label: t(`brand-stock.list.sources.${source}`) })),
        )}
        <Field
          label={t('brand-stock.list.acquired')}
          value={draft.acquired}
          onChange={(acquired) => onChange({ ...draft, acquired })}
          inputMode="decimal"
          maxLength={9}
          disabled={draft.source !== 'trade_in'}
          hint={t('brand-stock.list.acquiredHint')}
          error={problem('acquired')}
        />
      </div>
      <div className={styles.compactField}>
        <label htmlFor={`${id}-photos`}>{t('brand-stock.list.photos')}</label>
        <input id={`${id}-photos`} type="file" accept="image/jpeg,image/png,image/webp,image/heic" multiple disabled={uploading || draft.photos.length >= 4} onChange={(event) => void upload(event.target.files)} />
        {uploading ? <p className={styles.muted}>{t('brand-stock.list.uploading')}</p> : null}
        {problem('photos') ? <p className={styles.error}>{problem('photos')}</p> : null}
      </div>
      {draft.photos.length ? (
        <ul className={styles.photos}>
          {draft.photos.map((photo, photoIndex) => (
            <li key={photo}>
              <img src={photo.replace(/\.webp$/, '-card.webp')} alt={t('brand-stock.list.photoOf', { number: photoIndex + 1, piece: number })} width={80} height={100} />
              <Button variant="secondary" onClick={() => onChange({ ...draft, photos: draft.photos.filter((candidate) => candidate !== photo) })}>
                {t('brand-stock.list.removePhoto', { number: photoIndex + 1 })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Field label={t('brand-stock.list.comment')} value={draft.comment} onChange={(comment) => onChange({ ...draft, comment })} maxLength={500} error={problem('comment')} />
      <div>
        <Button variant="secondary" onClick={onRemove}>
          {t('brand-stock.list.remove', { number })}
        </Button>
      </div>
    </li>
  );
}

/** Staff find products of the catalogue and list many of the brand's pieces at once. */
function ListPieces({ onListed }: { onListed: () => void }) {
  const { t } = useTranslation('backoffice');
  const toast = useToast();
  const [query, setQuery] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const found = useConsoleData<BrandCatalogue>(asked === null ? null : 'brand-stock/catalogue', { q: asked ?? '' });
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [next, setNext] = useState(1);

  const add = (child: BrandCatalogueEntry) => {
    setDrafts((current) => [...current, { key: next, child, condition: '2', price: '', source: 'return', acquired: '', photos: [], comment: '' }]);
    setNext((value) => value + 1);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const local: Record<string, string> = {};
    const pieces = drafts.map((draft, index) => {
      const price = numberOf(draft.price);
      const acquired = draft.source === 'trade_in' ? numberOf(draft.acquired) : null;
      if (price === null || Number.isNaN(price)) local[`pieces.${index}.price`] = 'brand_stock_price';
      if (draft.source === 'trade_in' && (acquired === null || Number.isNaN(acquired))) local[`pieces.${index}.acquired`] = 'brand_stock_acquired_needed';
      if (draft.photos.length < 2) local[`pieces.${index}.photos`] = 'brand_stock_photos';
      return { child_id: draft.child.child_id, condition_id: Number(draft.condition), price: price ?? 0, source: draft.source, acquired, photos: draft.photos, comment: draft.comment };
    });
    setProblems(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const added = await consoleApi.post<BrandStockAdded>('brand-stock', { pieces });
      toast.success(t('brand-stock.list.listed', { count: added.listings.length }));
      setDrafts([]);
      onListed();
    } catch (error) {
      // A bad row's problems come as `pieces.N.field` with their keys: each is shown next to its field.
      const fields = (error as { data?: { fields?: { field: string; key: string }[] } }).data?.fields ?? [];
      if (fields.length) setProblems(Object.fromEntries(fields.map((field) => [field.field, field.key])));
      setFailure((await describeError(error)).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="brand-list-title">
      <h2 id="brand-list-title" className={styles.subtitle}>
        {t('brand-stock.list.title')}
      </h2>
      <form
        className={styles.filter}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setAsked(query.trim());
        }}
      >
        <Field label={t('brand-stock.list.search')} value={query} onChange={setQuery} hint={t('brand-stock.list.searchHint')} />
        <Button type="submit">{t('brand-stock.list.searchButton')}</Button>
      </form>
      {asked !== null ? (
        <Loaded result={found}>
          {(data) =>
            data.children.length === 0 ? (
              <EmptyState title={t('brand-stock.list.noMatch')} />
            ) : (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('brand-stock.list.product')}</th>
                      <th scope="col">{t('brand-stock.list.code')}</th>
                      <th scope="col">{t('brand-stock.list.colour')}</th>
                      <th scope="col">{t('brand-stock.list.size')}</th>
                      <th scope="col">{t('brand-stock.list.originalPrice')}</th>
                      <th scope="col" />
                    </tr>
                  </thead>
                  <tbody>
                    {data.children.map((child) => (
                      <tr key={child.child_id}>
                        <td>{child.title}</td>
                        <td>{child.product_code}</td>
                        <td>{child.colour}</td>
                        <td>{child.size}</td>
                        <td>{formatMoney(child.original_price, 'en')}</td>
                        <td className={styles.actionsCell}>
                          <Button variant="secondary" onClick={() => add(child)} aria-label={t('brand-stock.list.add', { title: child.title, colour: child.colour, size: child.size })}>
                            {t('brand-stock.list.addShort')}
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </Loaded>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={t('brand-stock.list.rows')}>
        <h3 className={styles.subtitle}>{t('brand-stock.list.rows')}</h3>
        {drafts.length === 0 ? <p className={styles.muted}>{t('brand-stock.list.noRows')}</p> : null}
        <ol className={styles.list}>
          {drafts.map((draft, index) => (
            <DraftRow
              key={draft.key}
              draft={draft}
              index={index}
              problems={problems}
              onChange={(changed) => setDrafts((current) => current.map((candidate) => (candidate.key === draft.key ? changed : candidate)))}
              onRemove={() => {
                setDrafts((current) => current.filter((candidate) => candidate.key !== draft.key));
                setProblems({});
              }}
            />
          ))}
        </ol>
        <FormFailure>{failure}</FormFailure>
        {drafts.length ? (
          <Button type="submit" busy={busy} disabled={busy}>
            {t('brand-stock.list.submit', { count: drafts.length })}
          </Button>
        ) : null}
      </form>
    </section>
  );
}

function StockTable({ stock }: { stock: ConsoleData<BrandStockList> }) {
  const { t, i18n } = useTranslation('backoffice');
  return (
    <section className={styles.card} aria-labelledby="brand-stock-title">
      <h2 id="brand-stock-title" className={styles.subtitle}>
        {t('brand-stock.stock.title')}
      </h2>
      <Loaded result={stock}>
        {(data) =>
          data.pieces.length === 0 ? (
            <EmptyState title={t('brand-stock.stock.empty')} />
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('brand-stock.stock.listing')}</th>
                    <th scope="col">{t('brand-stock.stock.piece')}</th>
                    <th scope="col">{t('brand-stock.stock.price')}</th>
                    <th scope="col">{t('brand-stock.stock.source')}</th>
                    <th scope="col">{t('brand-stock.stock.acquired')}</th>
                    <th scope="col">{t('brand-stock.stock.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.pieces.map((piece) => (
                    <tr key={piece.listing_id}>
                      <td>{piece.number}</td>
                      <td>{`${piece.title}, ${piece.colour}, ${piece.size}`}</td>
                      <td>{formatMoney(piece.price, i18n.language)}</td>
                      <td>{t(`brand-stock.list.sources.${piece.source}`)}</td>
                      <td>{piece.acquired === null ? '—' : formatMoney(piece.acquired, i18n.language)}</td>
                      <td>{t(`brand-stock.stock.statuses.${piece.status}`, { defaultValue: piece.status })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </section>
  );
}

/** The hub's team: the brand's parcels to send and the buyers' returns to receive. */
function ParcelsAndReturns() {
  const { t, i18n } = useTranslation('backoffice');
  const toast = useToast();
  const orders = useConsoleData<BrandOrders>('brand-stock/orders');
  const [relist, setRelist] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (what: string, run: () => Promise<BrandOrders>, done: (answer: BrandOrders) => string) => {
    setBusy(what);
    try {
      toast.success(done(await run()));
      orders.reload();
    } catch (failure) {
      toast.error((await describeError(failure)).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="brand-orders-title">
      <h2 id="brand-orders-title" className={styles.subtitle}>
        {t('brand-stock.orders.title')}
      </h2>
      <Loaded result={orders}>
        {(data) => (
          <>
            <h3 className={styles.subtitle}>{t('brand-stock.orders.toSend')}</h3>
            {data.to_send.length === 0 ? (
              <p className={styles.muted}>{t('brand-stock.orders.noneToSend')}</p>
            ) : (
              <RecordTable
                rows={data.to_send}
                rowKey={(pkg) => pkg.package_id}
                columns={[
                  { header: t('brand-stock.orders.order'), cell: (pkg) => pkg.order_number },
                  { header: t('brand-stock.orders.placed'), cell: (pkg) => formatMoment(pkg.placed_at, i18n.language) },
                  { header: t('brand-stock.orders.pieces'), cell: (pkg) => pkg.pieces.map((piece) => `${piece.title} (${piece.size})`).join(', ') },
                  { header: t('brand-stock.orders.tracking'), cell: (pkg) => pkg.tracking_number ?? '—' },
                  {
                    header: t('brand-stock.orders.action'),
                    className: styles.actionsCell,
                    cell: (pkg) =>
                      pkg.shipped_at === null ? (
                        <Button
                          busy={busy === `send-${pkg.package_id}`}
                          disabled={busy !== null}
                          aria-label={t('brand-stock.orders.send', { number: pkg.order_number })}
                          onClick={() =>
                            void act(
                              `send-${pkg.package_id}`,
                              () => consoleApi.post<BrandOrders>(`brand-stock/packages/${pkg.package_id}/sent`),
                              (answer) => t('brand-stock.orders.sent', { number: pkg.order_number, tracking: answer.to_send.find((entry) => entry.package_id === pkg.package_id)?.tracking_number ?? '' }),
                            )
                          }
                        >
                          {t('brand-stock.orders.sendShort')}
                        </Button>
                      ) : null,
                  },
                ]}
              />
            )}
            <h3 className={styles.subtitle}>{t('brand-stock.orders.returns')}</h3>
            <label className={styles.choice}>
              <input type="checkbox" checked={relist} onChange={(event) => setRelist(event.target.checked)} />
              {t('brand-stock.orders.relist')}
            </label>
            {data.returns.length === 0 ? (
              <p className={styles.muted}>{t('brand-stock.orders.noReturns')}</p>
            ) : (
              <RecordTable
                rows={data.returns}
                rowKey={(entry) => entry.return_id}
                columns={[
                  { header: t('brand-stock.orders.order'), cell: (entry) => entry.order_number },
                  { header: t('brand-stock.orders.pieces'), cell: (entry) => entry.title },
                  { header: t('brand-stock.orders.requested'), cell: (entry) => formatMoment(entry.requested_at, i18n.language) },
                  { header: t('brand-stock.orders.tracking'), cell: (entry) => entry.tracking_number },
                  { header: t('brand-stock.orders.refunded'), cell: (entry) => (entry.refunded === null ? t('brand-stock.orders.waiting') : formatMoney(entry.refunded, i18n.language)) },
                  {
                    header: t('brand-stock.orders.action'),
                    className: styles.actionsCell,
                    cell: (entry) =>
                      entry.received_at === null ? (
                        <Button
                          busy={busy === `receive-${entry.return_id}`}
                          disabled={busy !== null}
                          aria-label={t('brand-stock.orders.receive', { title: entry.title })}
                          onClick={() =>
                            void act(
                              `receive-${entry.return_id}`,
                              () => consoleApi.post<BrandOrders>(`brand-stock/returns/${entry.return_id}/received`, { relist }),
                              (answer) =>
                                t('brand-stock.orders.receivedDone', { amount: formatMoney(answer.returns.find((candidate) => candidate.return_id === entry.return_id)?.refunded ?? 0, i18n.language) }),
                            )
                          }
                        >
                          {t('brand-stock.orders.receiveShort')}
                        </Button>
                      ) : (
                        formatDay(entry.received_at, i18n.language)
                      ),
                  },
                ]}
              />
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;

/** Finance: the margin scheme's figures of the brand's sales, as a table and a CSV. */
function MarginScheme() {
  const { t, i18n } = useTranslation('backoffice');
  const [range, setRange] = useState({ from: monthStart(), to: today() });
  const [asked, setAsked] = useState(range);
  const sales = useConsoleData<BrandSales>('brand-stock/sales', asked);
  const money = (value: number | null) => (value === null ? '—' : formatMoney(value, i18n.language));
  return (
    <section className={styles.card} aria-labelledby="brand-sales-title">
      <h2 id="brand-sales-title" className={styles.subtitle}>
        {t('brand-stock.sales.title')}
      </h2>
      <p className={styles.muted}>{t('brand-stock.sales.intro')}</p>
      <form
        className={styles.filter}
        onSubmit={(event) => {
          event.preventDefault();
          setAsked(range);
        }}
      >
        <Field label={t('brand-stock.sales.from')} type="date" value={range.from} onChange={(from) => setRange((current) => ({ ...current, from }))} />
        <Field label={t('brand-stock.sales.to')} type="date" value={range.to} onChange={(to) => setRange((current) => ({ ...current, to }))} />
        <Button type="submit">{t('brand-stock.sales.show')}</Button>
        <a href={downloadUrl('brand-stock/sales', { ...asked, format: 'csv' })} download>
          {t('common.downloadCsv')}
        </a>
      </form>
      <Loaded result={sales}>
        {(data) =>
          data.sales.length === 0 ? (
            <EmptyState title={t('brand-stock.sales.empty')} />
          ) : (
            <>
              <p>
                {t('brand-stock.sales.totals', {
                  sales: money(data.totals.margin_sales),
                  purchases: money(data.totals.purchases),
                  margin: money(data.totals.margin),
                  vat: money(data.totals.margin_vat),
                  standardSales: money(data.totals.standard_sales),
                  standardVat: money(data.totals.standard_vat),
                })}
              </p>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('brand-stock.sales.sold')}</th>
                      <th scope="col">{t('brand-stock.sales.order')}</th>
                      <th scope="col">{t('brand-stock.sales.piece')}</th>
                      <th scope="col">{t('brand-stock.sales.scheme')}</th>
                      <th scope="col">{t('brand-stock.sales.sale')}</th>
                      <th scope="col">{t('brand-stock.sales.purchase')}</th>
                      <th scope="col">{t('brand-stock.sales.margin')}</th>
                      <th scope="col">{t('brand-stock.sales.vat')}</th>
                      <th scope="col">{t('brand-stock.sales.returned')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.sales.map((sale) => (
                      <tr key={`${sale.order_number}-${sale.listing_number}`}>
                        <td>{formatDay(sale.sold_at, i18n.language)}</td>
                        <td>{sale.order_number}</td>
                        <td>{`${sale.listing_number} · ${sale.title}`}</td>
                        <td>{t(`brand-stock.sales.schemes.${sale.scheme}`)}</td>
                        <td>{money(sale.sale)}</td>
                        <td>{money(sale.purchase)}</td>
                        <td>{money(sale.margin)}</td>
                        <td>{`${money(sale.vat)} (${sale.vat_rate} %)`}</td>
                        <td>{sale.refunded === null ? '—' : money(sale.refunded)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )
        }
      </Loaded>
    </section>
  );
}

/** `/backoffice/brand-stock`: each part the member's role opens (BRAND_DIRECT_ROLES). */
export function BrandStockPage() {
  const { t } = useTranslation('backoffice');
  const { member } = useStaff();
  const lists = allows(member.role, BRAND_DIRECT_ROLES.list);
  const stock = useConsoleData<BrandStockList>(lists ? 'brand-stock' : null);
  return (
    <ConsolePage title={t('brand-stock.title')} intro={t('brand-stock.intro')}>
      {lists ? (
        <>
          <ListPieces onListed={stock.reload} />
          <StockTable stock={stock} />
        </>
      ) : null}
      {allows(member.role, BRAND_DIRECT_ROLES.orders) ? <ParcelsAndReturns /> : null}
      {allows(member.role, BRAND_DIRECT_ROLES.sales) ? <MarginScheme /> : null}
    </ConsolePage>
  );
}
