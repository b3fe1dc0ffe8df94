import { AppNavLink, notificationPartsAtom } from '@preloved/shared';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { USER_LINKS } from './links';

/**
 * The account area's links, the same in the /user frame and the mobile menu's user sub-panel: only
 * the details link ends at /user (an order's page keeps "Orders" current); Offers carries the offers
 * waiting for the customer, Messages the unread messages and Notifications the unread entries (the
 * account button's badge is the feed's; the messages have their own beside the bag).
 */
export function UserLinks({
  className,
  countClassName,
  onNavigate,
}: {
  className?: string;
  countClassName?: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('shell');
  const parts = useAtomValue(notificationPartsAtom);
  const countOf = { offers: parts.offers ?? 0, messages: parts.messages ?? 0, notifications: parts.feed ?? 0 } as Partial<Record<string, number>>;
  return (
    <ul className={className}>
      {USER_LINKS.map((link) => (
        <li key={link.to}>
          <AppNavLink to={link.to} end={link.to === '/user'} onClick={onNavigate}>
            {t(`user.${link.key}`)}
            {(countOf[link.key] ?? 0) > 0 ? <span className={countClassName}>{countOf[link.key]}</span> : null}
          </AppNavLink>
        </li>
      ))}
    </ul>
  );
}
