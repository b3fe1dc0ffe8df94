import { refusalCode } from '@preloved/shared';
import { Link } from '@preloved/shared/router';
import { useTranslation } from 'react-i18next';
import { FormFailure } from './FormFailure';

/** Why money cannot leave the account, beyond a missing proof: the API's 403 `code`. */
export type MoneyOutBlock = 'email_not_verified' | 'payouts_frozen';

/** The block a money move was refused for, or null for any other failure. */
export function moneyOutBlock(failure: unknown): MoneyOutBlock | null {
  const code = refusalCode(failure);
  return code === 'email_not_verified' || code === 'payouts_frozen' ? code : null;
}

/**
 * A money form's failure sentence; refused for an unproven e-mail, it leads to the account page,
 * where the e-mail is confirmed.
 */
export function MoneyOutFailure({ failure, block }: { failure: string | null; block: MoneyOutBlock | null }) {
  const { t } = useTranslation('common');
  if (!failure) return null;
  return (
    <FormFailure>
      {failure}
      {block === 'email_not_verified' ? (
        <>
          {' '}
          <Link to="/user">{t('payouts.confirmEmail')}</Link>
        </>
      ) : null}
    </FormFailure>
  );
}
