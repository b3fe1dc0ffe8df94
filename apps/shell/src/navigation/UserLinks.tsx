import { NavLink, notificationsCountAtom } from '@preloved/shared';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { USER_LINKS } from './links';

/**
 * The account area's links, the same in the /user frame and the mobile menu's user sub-panel: only
 * the details link ends at /user (an order's page keeps "Orders" current), and offers carry the
 * notifications count.
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
  const notifications = useAtomValue(notificationsCountAtom);
  return (
    <ul className={className}>
      {USER_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === '/user'} onClick={onNavigate}>
            {t(`user.${link.key}`)}
            {link.key === 'offers' && notifications > 0 ? (
              <span className={countClassName}>{notifications}</span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
