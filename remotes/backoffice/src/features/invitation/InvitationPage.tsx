import { StaffAcceptInvitation, type StaffEnrolment } from '@preloved/contract';
import { describeError, messageFor, useToast } from '@preloved/shared';
import { Link, useNavigate, useParams } from '@preloved/shared/router';
import { Button, Field, FormFailure, PageSkeleton, useFieldForm } from '@preloved/ui';
import QRCode from 'qrcode';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { fieldProblems } from '../../lib/field-problems';
import { LoadFailure } from '../../lib/LoadFailure';
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
export const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** The page's h1, focused when it appears (the page opens from a mail's link, or changes state). */
function Heading({ children }: { children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 id="invitation-title" ref={heading} tabIndex={-1} className={styles.title}>
      {children}
    </h1>
  );
}

/**
 * The invitation did not load. Expired, used or unknown (404 `staff_invitation_invalid`): the API's
 * sentence and what to do, ask an admin; anything else (a lost connection): the refusal and a retry.
 */
function InvitationRefused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('backoffice');
  const [described, setDescribed] = useState<{ status: number; message: string; code: string } | null>(null);
  useEffect(() => {
    let live = true;
    void describeError(error).then((value) => live && setDescribed(value));
    return () => {
      live = false;
    };
  }, [error]);
  if (!described) return null;
  const invalid = described.code === 'staff_invitation_invalid' || described.status === 404;
  return (
    <section className={styles.narrow} aria-labelledby="invitation-title">
      {invalid ? (
        <>
          <Heading key="invalid">{t('staff.invitation.invalidTitle')}</Heading>
          <div role="alert" className={styles.card}>
            <p>{described.message || t('staff.invitation.invalidText')}</p>
          </div>
          <p className={styles.muted}>{t('staff.invitation.invalidWhy')}</p>
          <p>
            <Link to="/backoffice/sign-in">{t('staff.invitation.haveAccount')}</Link>
          </p>
        </>
      ) : (
        <>
          <Heading key="failed">{t('staff.invitation.loadTitle')}</Heading>
          <LoadFailure error={error} onRetry={onRetry} />
        </>
      )}
    </section>
  );
}

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
  // The staff's password rule is its length (the contract's `password_rules` here means fewer than 8
  // characters, not the shoppers' fuller rules the shared sentence describes); 'mismatch' is the page's own.
  const own: Record<string, string> = { mismatch: t('staff.invitation.mismatch'), password_rules: t('staff.invitation.passwordShort') };
  const form = useFieldForm({ password: '', confirm: '', code: '' }, { message: (key) => own[key] ?? messageFor(key, 'backoffice') });

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

  const enrolment = invitation.data;
  if (!enrolment && invitation.error) return <InvitationRefused error={invitation.error} onRetry={invitation.reload} />;
  if (!enrolment) return <PageSkeleton label={t('common.loading')} />;
  return (
    <section className={styles.narrow} aria-labelledby="invitation-title">
      <Heading key="welcome">{t('staff.invitation.title', { name: enrolment.name })}</Heading>
      <p className={styles.muted}>{t('staff.invitation.role', { role: t(`roles.${enrolment.role}`), email: enrolment.email })}</p>
      <h2 id="invitation-step1" className={styles.subtitle}>
        {t('staff.invitation.step1')}
      </h2>
      <p>{t('staff.invitation.step1Text')}</p>
      {qr ? <img src={qr} alt={t('staff.invitation.qr')} width={200} height={200} className={styles.qr} /> : null}
      <p>
        {t('staff.invitation.key')}: <code className={styles.secret}>{grouped(enrolment.totp_secret)}</code>
      </p>
      <h2 id="invitation-step2" className={styles.subtitle}>
        {t('staff.invitation.step2')}
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="invitation-step2">
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
