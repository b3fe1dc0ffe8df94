import type { CheckoutSummary, DeliveryOption } from '@preloved/contract';
import { getCheckoutSummary, refusalText } from '@preloved/shared';
import { useEffect, useState } from 'react';
import { useCheckoutProgress, useGuestCart } from './checkout-progress';

/**
 * The order summary's amounts, asked of the server's pricing every time what they
 * depend on changes: the bag, the delivery option, the discount code. Never worked out here.
 * `linesKey` names the checkout's lines, so a bag changed elsewhere asks again; nothing is asked
 * while there is nothing to buy (`enabled` false).
 */
export function useCheckoutSummary(option: DeliveryOption | null, linesKey: string, enabled = true): { summary: CheckoutSummary | null; failure: string | null } {
  const [progress] = useCheckoutProgress();
  const cart = useGuestCart();
  const cartKey = cart?.join(',');
  const [state, setState] = useState<{ summary: CheckoutSummary | null; failure: string | null }>({ summary: null, failure: null });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    getCheckoutSummary({ delivery_option: option ?? undefined, discount_code: progress.discount_code ?? undefined, cart }, controller.signal)
      .then((summary) => setState({ summary, failure: null }))
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ summary: null, failure: await refusalText(error) });
      });
    return () => controller.abort();
    // cartKey stands for the cart's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [option, progress.discount_code, cartKey, linesKey, enabled]);
  return state;
}
