import { StaffAcceptInvitation, type StaffEnrolment } from '@preloved/contract';
import { messageFor, useToast } from '@preloved/shared';
import { useNavigate, useParams } from '@preloved/shared/router';
import { Button, EmptyState, Field, FormFailure, PageSkeleton, useFieldForm } from '@preloved/ui';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { fieldProblems } from '../../lib/field-problems';
import styles from '../../lib/console.module.css';

/** The otpauth:// URI as a QR code image (an SVG data URL: no canvas needed). */
function useQrCode(uri: string | undefined): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!uri) return;
    let live = true;
    void QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return image;
}

/** The secret in groups of four, for typing by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * `/backoffice/invitation/:token` (no session): the invitee adds the back office to an authenticator
 * app (QR code or key), chooses a password and proves the app with its first code. Then sign-in.
 */
export function InvitationPage() {
  const { t } = useTranslation('backoffice');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const invitation = useConsoleData<StaffEnrolment>(`invitations/${encodeURIComponent(token)}`);
  const qr = useQrCode(invitation.data?.totp_uri);
  const form = useFieldForm({ password: '', confirm: '', code: '' }, { message: (key) => (key === 'mismatch' ? t('staff.invitation.mismatch') : messageFor(key, 'backoffice')) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = StaffAcceptInvitation.safeParse({ password: form.values.password, code: form.values.code });
    const problems: Record<string, string | null> = fieldProblems(parsed);
    if (!problems.password && form.values.confirm !== form.values.password) problems.confirm = 'mismatch';
    if (!form.check(problems) || !parsed.success) return;
    form.setBusy(true);
    try {
      await consoleApi.post(`invitations/${encodeURIComponent(token)}/accept`, parsed.data);
      toast.success(t('staff.invitation.ready'));
      navigate('/backoffice/sign-in', { replace: true });
    } catch (failure) {
      form.setValues((values) => ({ ...values, code: '' }));
      await form.refuseFailure(failure, { password: 'password', code: 'code' }, { staff_totp_invalid: 'code' });
    }
  };

  if (invitation.error) {
    return (
      <section className={styles.narrow}>
        <EmptyState title={t('staff.invitation.invalidTitle')} role="alert">
          {t('staff.invitation.invalidText')}
        </EmptyState>
      </section>
    );
  }
  const enrolment = invitation.data;
  if (!enrolment) return <PageSkeleton label={t('common.loading')} />;
  return (
    <section className={styles.narrow} aria-labelledby="invitation-title">
      <h1 id="invitation-title" className={styles.title}>
        {t('staff.invitation.title', { name: enrolment.name })}
      </h1>
      <p className={styles.muted}>{t('staff.invitation.role', { role: t(`roles.${enrolment.role}`) })}</p>
      <h2 className={styles.subtitle}>{t('staff.invitation.step1')}</h2>
      <p>{t('staff.invitation.step1Text')}</p>
      {qr ? <img src={qr} alt={t('staff.invitation.qr')} width={200} height={200} className={styles.qr} /> : null}
      <p>
        {t('staff.invitation.key')}: <code className={styles.secret}>{grouped(enrolment.totp_secret)}</code>
      </p>
      <h2 className={styles.subtitle}>{t('staff.invitation.step2')}</h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field {...form.field('password')} label={t('staff.invitation.password')} hint={t('staff.invitation.passwordHint')} type="password" autoComplete="new-password" maxLength={200} />
        <Field {...form.field('confirm')} label={t('staff.invitation.confirm')} type="password" autoComplete="new-password" maxLength={200} />
        <Field {...form.field('code')} label={t('staff.invitation.code')} hint={t('staff.invitation.codeHint')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        <FormFailure>{form.failure}</FormFailure>
        <Button type="submit" busy={form.busy} disabled={form.busy}>
          {t('staff.invitation.submit')}
        </Button>
      </form>
    </section>
  );
}
