import { formatMoney, AddressInput, EMAIL_PATTERN, localeOf, numberFormat, isBuyableLine, type Address, type CheckoutData, type CheckoutLine, type DeliveryOption, type PickupPoint, type PickupPointsQuery } from '@preloved/contract';
import {
  addressesEntry,
  getAddresses,
  getConfig,
  getPickupPoints,
  guestCheckoutAtom,
  isSignedInAtom,
  messageFor,
  openLoginAtom,
  removeFromBag,
  useCached,
  userDataAtom,
} from '@preloved/shared';
import { useNavigate, usePageData } from '@preloved/shared/router';
import { Button, EmptyState, Field, useFieldForm } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutFrame, useFrameSummary } from '../../components/CheckoutFrame';
import { SellerNotices } from '../../components/SellerNotices';
import { CountryField } from '../../components/CountryField';
import { readDraft, useCheckoutProgress, writeDraft, type DeliveryDraft } from '../../components/checkout-progress';
import styles from './CheckoutPage.module.css';
import { openingHours } from './opening-hours';

// Leaflet and its tiles load only when the shopper picks "pickup point" (the list works without).
const PickupMap = lazy(() => import('./PickupMap'));

type AddressField = 'email' | 'first_name' | 'last_name' | 'phone' | 'address' | 'address2' | 'zip_code' | 'city' | 'country';
const NEW_ADDRESS = 'new';

/** The client-side checks of a new address: the contract's own rules and message keys. */
function addressProblems(values: Record<AddressField, string>, guest: boolean): Partial<Record<AddressField, string>> {
  const problems: Partial<Record<AddressField, string>> = {};
  if (guest) {
    if (!values.email.trim()) problems.email = 'no_email';
    else if (!EMAIL_PATTERN.test(values.email.trim())) problems.email = 'invalid_email';
  }
  const parsed = AddressInput.safeParse({ ...values, email: undefined });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as AddressField;
      problems[field] ??= issue.message;
    }
  return problems;
}

/**
 * /checkout, the delivery tab (spec §2, §4): where the order goes (a saved address or a new one; a
 * guest's e-mail) and how (home delivery or a pickup point, from a list or the map).
 */
export function CheckoutPage() {
  const { t } = useTranslation('bag');
  const checkout = usePageData<CheckoutData>();
  const signedIn = useAtomValue(isSignedInAtom);
  const guest = useAtomValue(guestCheckoutAtom);
  const openLogin = useSetAtom(openLoginAtom);
  const [progress] = useCheckoutProgress();
  // The form as the shopper left it in this tab (a reload, an error frame), else as last continued.
  const [draft] = useState(readDraft);
  // The option being chosen: the order summary beside the form prices it at once.
  const [option, setOption] = useState<DeliveryOption | null>(draft ? draft.option : progress.delivery_option);

  const unbuyable = checkout.lines.filter((line) => !isBuyableLine(line));
  let content;
  if (unbuyable.length === checkout.lines.length) content = <p>{t('checkout.empty')}</p>;
  else if (!signedIn && !guest)
    content = (
      <EmptyState
        title={t('checkout.signInTitle')}
        action={<Button onClick={() => openLogin({ forCheckout: true })}>{t('checkout.signIn')}</Button>}
      >
        <p>{t('checkout.signInText')}</p>
      </EmptyState>
    );
  else content = <DeliveryForm signedIn={signedIn} unbuyable={unbuyable} option={option} setOption={setOption} draft={draft} />;
  return (
    <CheckoutFrame tab="delivery" checkout={checkout} deliveryOption={option}>
      {content}
    </CheckoutFrame>
  );
}

function DeliveryForm({
  signedIn,
  unbuyable,
  option,
  setOption,
  draft,
}: {
  signedIn: boolean;
  unbuyable: CheckoutLine[];
  option: DeliveryOption | null;
  setOption: (option: DeliveryOption) => void;
  draft: DeliveryDraft | null;
}) {
  const { t, i18n } = useTranslation('bag');
  const summary = useFrameSummary();
  const navigate = useNavigate();
  const [progress, setProgress] = useCheckoutProgress();
  // The address book, read through the data cache (its changes on /user/addresses keep it true).
  const book = useCached(addressesEntry, () => getAddresses(), { enabled: signedIn });
  const addresses: Address[] | null = !signedIn ? [] : book.data ? book.data.addresses : book.error !== undefined && !book.loading ? [] : null;
  const [chosenAddress, setChosenAddress] = useState<string>(draft?.chosenAddress ?? (progress.address_id ? String(progress.address_id) : NEW_ADDRESS));
  const [saveAddress, setSaveAddress] = useState(draft?.saveAddress ?? progress.save_address);
  const [optionError, setOptionError] = useState<string | null>(null);
  // The map is an aid: without tiles (none configured, or they do not load) the list does the job alone.
  const [mapFailed, setMapFailed] = useState(() => !getConfig().mapTileUrl);
  const [pointId, setPointId] = useState<number | null>(draft ? draft.pointId : progress.pickup_point_id);
  const [pointError, setPointError] = useState<string | null>(null);
  const optionsId = useId();
  const saved = progress.address;
  // A signed-in shopper's first checkout starts with the account's name.
  const account = useAtomValue(userDataAtom)?.customer;
  const form = useFieldForm<AddressField>(
    {
      email: progress.email,
      first_name: saved?.first_name ?? account?.FirstName ?? '',
      last_name: saved?.last_name ?? account?.LastName ?? '',
      phone: saved?.phone ?? '',
      address: saved?.address ?? '',
      address2: saved?.address2 ?? '',
      zip_code: saved?.zip_code ?? '',
      city: saved?.city ?? '',
      country: saved?.country ?? 'PT',
      ...(draft?.values as Partial<Record<AddressField, string>> | undefined),
    },
    { message: (key) => messageFor(key, 'bag') },
  );
  // Kept in the tab as it is typed: a reload or the route's error frame loses nothing.
  useEffect(() => {
    writeDraft({ option, pointId, chosenAddress, saveAddress, values: form.values });
  }, [option, pointId, chosenAddress, saveAddress, form.values]);

  // Once the book is in (in the render it arrives in, so the list never shows without its choice): the
  // default address comes first; a returning shopper keeps their earlier choice.
  const firstAddress = signedIn ? book.data?.addresses[0]?.id : undefined;
  const [bookSeen, setBookSeen] = useState(false);
  if (!bookSeen && firstAddress !== undefined) {
    setBookSeen(true);
    if (!progress.address) setChosenAddress((current) => (current === NEW_ADDRESS ? String(progress.address_id ?? firstAddress) : current));
  }

  const newAddress = chosenAddress === NEW_ADDRESS;
  // Pickup points nearest the delivery address first (they were sorted from Lisbon), or
  // those matching the place the shopper searched for, so every point can be found and chosen.
  const deliverTo = newAddress ? { zip_code: form.values.zip_code, country: form.values.country } : addresses?.find((address) => String(address.id) === chosenAddress);
  const nearZip = deliverTo?.zip_code.trim() ?? '';
  const nearCountry = deliverTo?.country ?? 'PT';
  const [place, setPlace] = useState('');
  // What the list is asked for: a saved address's postcode at once; what is being typed (the search,
  // a new address's ZIP) 300 ms after the last keystroke.
  const typed = JSON.stringify({ zip: newAddress ? nearZip : '', q: place.trim() });
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { zip: typedZip, q: asked } = JSON.parse(settled) as { zip: string; q: string };
  const askZip = newAddress ? typedZip : nearZip;
  // Always the delivery country: its points only (a Spanish address sees Spain's), even before a postcode.
  const askedKey = JSON.stringify({ zip_code: askZip || undefined, country: nearCountry, q: asked || undefined });
  // Through the data cache: a place asked for again (back to the same postcode) is not asked twice.
  // The last list stays while the next is out, and beside its refusal.
  const pointsQuery = JSON.parse(askedKey) as PickupPointsQuery;
  const pickupPoints = useCached(['pickup-points', pointsQuery], () => getPickupPoints(pointsQuery), { enabled: option === 'pickup', keepPrevious: true });
  const points = pickupPoints.data?.pickup_points ?? null;
  const pointsFailed = pickupPoints.error !== undefined && !pickupPoints.loading;
  // The chosen point stays on the list when a search or another address would leave it out.
  const chosenPoint = useRef<PickupPoint | null>(null);
  if (pointId !== null) chosenPoint.current = points?.find((point) => point.id === pointId) ?? chosenPoint.current;
  const chosenKept = chosenPoint.current;
  const listed = points && chosenKept && pointId === chosenKept.id && !points.some((point) => point.id === chosenKept.id) ? [chosenKept, ...points] : points;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = newAddress ? addressProblems(form.values, !signedIn) : !signedIn ? addressProblems(form.values, true) : {};
    const ok = form.check(problems);
    setOptionError(option ? null : messageFor('no_delivery_option'));
    const missingPoint = option === 'pickup' && pointId === null;
    setPointError(missingPoint ? messageFor('no_pickup_point') : null);
    if (!ok || !option || missingPoint) return;
    const point = points?.find((candidate) => candidate.id === pointId);
    setProgress((current) => ({
      ...current,
      delivery_option: option,
      pickup_point_id: option === 'pickup' ? pointId : null,
      pickup_point_name: option === 'pickup' && point ? point.name : null,
      address_id: newAddress ? null : Number(chosenAddress),
      address: newAddress
        ? {
            first_name: form.values.first_name,
            last_name: form.values.last_name,
            phone: form.values.phone,
            address: form.values.address,
            address2: form.values.address2,
            zip_code: form.values.zip_code,
            city: form.values.city,
            country: form.values.country,
          }
        : null,
      save_address: signedIn && newAddress && saveAddress,
      email: signedIn ? '' : form.values.email.trim(),
      total: null,
    }));
    // After the submit event: a navigation (a transition) inside it would make React treat the form
    // as an action form and read its FormData.
    // "Continue" goes on with the lines that can be bought: a guest's quote names only those, a
    // signed-in customer's server bag lets the others go first (a failure there is
    // shown by the review's quote, which refuses a bag with a sold piece).
    const dropped = signedIn ? Promise.allSettled(unbuyable.map((line) => removeFromBag(line))) : Promise.resolve();
    queueMicrotask(() => void dropped.then(() => navigate('/review')));
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {!signedIn ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('delivery.contact')}</legend>
          <Field {...form.field('email')} label={t('delivery.email')} type="email" autoComplete="email" />
        </fieldset>
      ) : null}
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('delivery.address')}</legend>
        {signedIn && addresses === null ? <p>{t('delivery.loadingAddresses')}</p> : null}
        {signedIn && addresses && addresses.length > 0 ? (
          <div className={styles.choices}>
            {addresses.map((address) => (
              <label key={address.id} className={styles.choice}>
                <input
                  type="radio"
                  name="address"
                  value={address.id}
                  checked={chosenAddress === String(address.id)}
                  onChange={() => setChosenAddress(String(address.id))}
                />
                <span>
                  <strong>{address.name || `${address.first_name} ${address.last_name}`}</strong>
                  <br />
                  {[address.address, address.address2, `${address.zip_code} ${address.city}`, address.country].filter(Boolean).join(', ')}
                </span>
              </label>
            ))}
            <label className={styles.choice}>
              <input type="radio" name="address" value={NEW_ADDRESS} checked={newAddress} onChange={() => setChosenAddress(NEW_ADDRESS)} />
              <span>{t('delivery.newAddress')}</span>
            </label>
          </div>
        ) : null}
        {newAddress && (addresses !== null || !signedIn) ? (
          <div className={styles.fields}>
            <Field {...form.field('first_name')} label={t('delivery.firstName')} autoComplete="given-name" />
            <Field {...form.field('last_name')} label={t('delivery.lastName')} autoComplete="family-name" />
            <Field {...form.field('phone')} label={t('delivery.phone')} type="tel" autoComplete="tel" />
            <Field {...form.field('address')} label={t('delivery.street')} autoComplete="address-line1" className={styles.wide} />
            <Field {...form.field('address2')} label={t('delivery.street2')} autoComplete="address-line2" className={styles.wide} />
            <Field {...form.field('zip_code')} label={t('delivery.zip')} autoComplete="postal-code" />
            <Field {...form.field('city')} label={t('delivery.city')} autoComplete="address-level2" />
            <CountryField binding={form.field('country')} label={t('delivery.country')} />
            {signedIn ? (
              <label className={`${styles.check} ${styles.wide}`}>
                <input type="checkbox" checked={saveAddress} onChange={(event) => setSaveAddress(event.target.checked)} />
                <span>{t('delivery.saveAddress')}</span>
              </label>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <fieldset className={styles.group} aria-describedby={optionError ? `${optionsId}-error` : undefined}>
        <legend className={styles.legend}>{t('delivery.option')}</legend>
        <div className={styles.choices}>
          {(['home', 'pickup'] as const).map((value) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name="delivery_option"
                value={value}
                checked={option === value}
                onChange={() => {
                  setOption(value);
                  setOptionError(null);
                }}
              />
              <span>
                {t(`delivery.${value}`)}
                {summary ? (
                  <>
                    {' · '}
                    <strong>{formatMoney(summary.delivery_prices[value], i18n.language, { currency: summary.currency_symb_code })}</strong>
                  </>
                ) : null}
              </span>
            </label>
          ))}
        </div>
        {optionError ? (
          <p id={`${optionsId}-error`} className={styles.error} role="alert">
            {optionError}
          </p>
        ) : null}
      </fieldset>
      {option === 'pickup' ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('delivery.pickupPoints')}</legend>
          {pointsFailed ? <p role="alert">{t('delivery.pointsFailed')}</p> : null}
          <Field
            label={t('delivery.findPoint')}
            hint={t('delivery.findPointHint')}
            value={place}
            onChange={setPlace}
            type="search"
            autoComplete="off"
            enterKeyHint="search"
          />
          {!points && !pointsFailed ? <p>{t('delivery.loadingPoints')}</p> : null}
          {listed && listed.length === 0 ? <p role="status">{t('delivery.noPointFound', { place: asked })}</p> : null}
          {listed ? (
            <>
              {mapFailed ? (
                <p className={styles.mapless}>{t('delivery.mapUnavailable')}</p>
              ) : (
                <Suspense fallback={null}>
                  <PickupMap
                    points={listed}
                    chosen={pointId}
                    onChoose={(id) => {
                      setPointId(id);
                      setPointError(null);
                    }}
                    onTilesFailed={() => setMapFailed(true)}
                  />
                </Suspense>
              )}
              <div className={`${styles.choices} ${styles.points}`}>
                {listed.map((point) => (
                  <label key={point.id} className={styles.choice}>
                    <input
                      type="radio"
                      name="pickup_point"
                      value={point.id}
                      checked={pointId === point.id}
                      onChange={() => {
                        setPointId(point.id);
                        setPointError(null);
                      }}
                    />
                    <span>
                      <strong>{point.name}</strong>
                      <br />
                      {point.address}, {point.zip_code} {point.city} ·{' '}
                      {t('delivery.distance', { km: numberFormat(localeOf(i18n.language), { maximumFractionDigits: 1 }).format(point.distance_km) })}
                      <br />
                      <small>{openingHours(point.opening_hours, (day) => t(`delivery.days.${day}`))}</small>
                    </span>
                  </label>
                ))}
              </div>
            </>
          ) : null}
          {pointError ? (
            <p className={styles.error} role="alert">
              {pointError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <SellerNotices sellers={summary?.sellers} />
      <Button type="submit">{t('delivery.continue')}</Button>
    </form>
  );
}
