import type { CheckoutSummary, DeliveryOption, SummaryRequest } from '@preloved/contract';
import { getCheckoutSummary, refusalText, useCached } from '@preloved/shared';
import { useEffect, useState } from 'react';
import { useCheckoutProgress, useGuestCart } from './checkout-progress';

/**
 * The order summary's amounts, asked of the server's pricing once per change of what they depend
 * on: the bag, the delivery option, the discount code. Never worked out here. The answer is kept in
 * the data cache under those, so the checkout's next tab (and the tab before, come back to) shows
 * it without asking again. `linesKey` names the checkout's lines, so a bag changed elsewhere asks
 * again; nothing is asked while there is nothing to buy (`enabled` false). While a new question is
 * out, the last answer stays on screen.
 */
export function useCheckoutSummary(option: DeliveryOption | null, linesKey: string, enabled = true): { summary: CheckoutSummary | null; failure: string | null } {
  const [progress] = useCheckoutProgress();
  const cart = useGuestCart();
  const request: SummaryRequest = { delivery_option: option ?? undefined, discount_code: progress.discount_code ?? undefined, cart };
  // A guest's emptied bag (the order just placed) has nothing left to price.
  const { data, error } = useCached(['checkout-summary', request, linesKey], () => getCheckoutSummary(request), {
    enabled: enabled && cart?.length !== 0,
    keepPrevious: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (error === undefined) setFailure(null);
    else void refusalText(error).then((text) => live && setFailure(text));
    return () => {
      live = false;
    };
  }, [error]);
  // A refused question shows its refusal, not the last answer.
  return error === undefined ? { summary: data ?? null, failure: null } : { summary: null, failure };
}
