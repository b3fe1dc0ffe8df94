import { navigate } from '@preloved/shared';
import { ConfirmDialog } from '@preloved/ui';
import { useTranslation } from 'react-i18next';

/** "Leave the checkout?": the logo asks it on a checkout page before going home (spec §2). */
export function LeaveCheckoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <ConfirmDialog
      open={open}
      title={t('header.leaveTitle')}
      confirmLabel={t('header.leave')}
      cancelLabel={t('header.cancel')}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        void navigate('/');
      }}
    >
      {t('header.leaveText')}
    </ConfirmDialog>
  );
}
