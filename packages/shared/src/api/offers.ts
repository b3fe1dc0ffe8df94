import type { BagLines, CartAddRequest, CounterOfferRequest, MakeOfferRequest, NotificationsCount, Offer, OfferLists } from '@preloved/contract';
import { markAddedAtom, setCartAtom, setNotificationsCountAtom, store, tokenAtom } from '../state/store';
import { fetchCached, setCached, type CacheKey } from '../state/data-cache';
import { api, HTTPError } from './client';
import { emitApiEvent } from './events';

// The offer calls (designed by us in packages/contract) and the notifications count.
// The pages show these calls' refusals themselves (422 message next to the form or the offer), so
// the catalogue's toast is skipped.
const own = { handlesErrors: true };

// An offer action's answer is the offer as it now is: it is written into every list of offers the
// data cache holds (the offers page's, the product page's for its listing), which show it without
// asking again. The actor's own notifications count does not change with it (the API writes the
// feed entry of an action for the other side: the seller's offer received, the buyer's answer),
// so it is not read again either: the count is read at the session's start and on focus.

/** The data cache's key of the offers lists: all of the customer's, or those of one listing. */
export const offersEntry = (listingId?: number): CacheKey => (listingId ? ['offers', listingId] : ['offers']);

/** The offer as an action answered it, in place in each held list (a new one first, as the API sorts). */
function keepOffer(offer: Offer): Offer {
  const side = offer.role === 'seller' ? 'received' : 'made';
  const place = (lists: OfferLists | undefined) =>
    lists && {
      ...lists,
      [side]: lists[side].some((held) => held.id === offer.id) ? lists[side].map((held) => (held.id === offer.id ? offer : held)) : [offer, ...lists[side]],
    };
  setCached(offersEntry(), place);
  setCached(offersEntry(offer.listing_id), place);
  return offer;
}

/** POST /api/offers — 422 with `offer_out_of_bounds` (the message names the bounds), own or sold listing, a second open offer. */
export async function makeOffer(json: MakeOfferRequest): Promise<Offer> {
  return keepOffer(await api().post('offers', { json, context: own }).json<Offer>());
}

/** GET /api/offers — made and received, newest first, with their state at the time of the call. */
export function getOffers(signal?: AbortSignal, listingId?: number): Promise<OfferLists> {
  return api().get('offers', { signal, searchParams: listingId ? { listing_id: listingId } : undefined }).json<OfferLists>();
}

/** GET /api/offers through the data cache: the lists asked now (askers at once share it), and kept for the actions' answers. */
export function loadOffers(listingId?: number): Promise<OfferLists> {
  return fetchCached(offersEntry(listingId), () => getOffers(undefined, listingId), { freshMs: 0 });
}

/** POST /api/offers/:id/accept | decline | withdraw. */
export async function answerOffer(id: number, action: 'accept' | 'decline' | 'withdraw'): Promise<Offer> {
  return keepOffer(await api().post(`offers/${id}/${action}`, { context: own }).json<Offer>());
}

/** POST /api/offers/:id/counter — the seller's one counter-price; 422 `counter_out_of_bounds` names the range. */
export async function counterOffer(id: number, json: CounterOfferRequest): Promise<Offer> {
  return keepOffer(await api().post(`offers/${id}/counter`, { json, context: own }).json<Offer>());
}

/** POST /api/offers/:id/accept-counter | decline-counter — the buyer's answer to a counter-offer. */
export async function answerCounter(id: number, action: 'accept-counter' | 'decline-counter'): Promise<Offer> {
  return keepOffer(await api().post(`offers/${id}/${action}`, { context: own }).json<Offer>());
}

/**
 * "Buy now" of an accepted offer: the listing goes into the server bag with the offer (POST cart
 * with offer_id), priced at the offer; the bag panel opens like any add to bag.
 */
export async function addOfferToBag(offer: Pick<Offer, 'id' | 'listing_id'>): Promise<void> {
  const json: CartAddRequest = { listing_id: offer.listing_id, offer_id: offer.id };
  store.set(setCartAtom, await api().post('cart', { json }).json<BagLines>());
  store.set(markAddedAtom);
}

/**
 * GET /api/notifications/count — the header badge and the user menu's count (spec `Notifications`:
 * the unread entries of the notifications feed, the offer ones by Offers). Quiet on failure: a stale
 * badge is better than an error toast about it.
 */
export async function refreshNotifications(signal?: AbortSignal): Promise<void> {
  if (!store.get(tokenAtom)) return;
  try {
    const { Notifications, parts } = await api().get('notifications/count', { signal, context: own }).json<NotificationsCount>();
    if (Number.isInteger(Notifications)) store.set(setNotificationsCountAtom, Notifications, parts ?? {});
  } catch (error) {
    // An ended session ends here too (spec §8 401); anything else keeps the old count.
    if (error instanceof HTTPError && error.response.status === 401) emitApiEvent({ type: 'unauthorized' });
  }
}
