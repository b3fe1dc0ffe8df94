import type { OrderAddress } from '@preloved/contract';
import { useTranslation } from 'react-i18next';
import { countryName } from '../lib/format';
import styles from './AddressLines.module.css';

/** A postal address as a card or an order shows it: the name (unless `withName` is false), the lines, the phone. */
export function AddressLines({ address, withName = true, muted = false }: { address: OrderAddress; withName?: boolean; muted?: boolean }) {
  const { i18n } = useTranslation('account');
  return (
    <address className={`${styles.address} ${muted ? styles.muted : ''}`}>
      {withName ? (
        <span>
          {address.first_name} {address.last_name}
        </span>
      ) : null}
      <span>{address.address}</span>
      {address.address2 ? <span>{address.address2}</span> : null}
      <span>
        {address.zip_code} {address.city}
      </span>
      <span>{countryName(address.country, i18n.language)}</span>
      <span>{address.phone}</span>
    </address>
  );
}
