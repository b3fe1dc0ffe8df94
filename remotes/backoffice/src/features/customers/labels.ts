import { localeOf } from '@preloved/contract';
import { useTranslation } from 'react-i18next';

/**
 * The words of the customers section for what the API sends as codes: an order's status ('paid',
 * 'shipped', 'delivered', 'cancelled', 'problem'), a listing's ('active', 'sold', …) and a customer's
 * language ('en', 'pt'); a code the section does not know yet is shown as sent.
 */
export function useCustomerLabels() {
  const { t, i18n } = useTranslation('backoffice');
  return {
    orderStatus: (status: string) => t(`customers.orderStatuses.${status}`, { defaultValue: status }),
    listingStatus: (status: string) => t(`customers.listingStatuses.${status}`, { defaultValue: status }),
    // A language's name in the member's language, from the browser's own data (Intl.DisplayNames).
    language: (code: string) => {
      try {
        return new Intl.DisplayNames([localeOf(i18n.language)], { type: 'language' }).of(code) ?? code;
      } catch {
        return code;
      }
    },
  };
}
