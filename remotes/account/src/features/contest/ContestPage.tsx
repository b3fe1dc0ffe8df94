import { REPORT_TEXT_MAX, type ContestView } from '@preloved/contract';
import { readRefusal, useToast } from '@preloved/shared';
import { useParams } from '@preloved/shared/router';
import { Button, FormFailure, TextAreaField } from '@preloved/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import { formatDate } from '../../lib/format';
import { accountMessage } from '../../lib/messages';
import { getContest, sendContest } from './contest-api';

/**
 * /user/contest/:token — the seller's contest of a moderation decision (DSA Art. 20), from the link
 * in the statement of reasons: the decision as it was mailed, the form (once), then where it stands.
 * The token in the link is the proof; an unknown one says so.
 */
export function ContestPage() {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const { token = '' } = useParams();
  const titleId = useId();
  const [view, setView] = useState<ContestView | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    document.title = `${t('contest.title')} — Preloved`;
  }, [t]);
  useEffect(() => {
    const controller = new AbortController();
    getContest(token, controller.signal)
      .then(setView)
      .catch(() => !controller.signal.aborted && setInvalid(true));
    return () => controller.abort();
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('contest_text_needed');
      field.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      setView(await sendContest(token, { text }));
      toast.success(t('contest.sent'));
    } catch (error) {
      const refusal = await readRefusal(error);
      if (refusal.fields.text) {
        setProblem(refusal.fields.text);
        field.current?.focus();
      }
      setFailure(refusal.text || null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('contest.title')}
      </h1>
      {invalid ? (
        <p role="alert">{t('contest.invalid')}</p>
      ) : !view ? null : (
        <>
          <p className={styles.intro}>{t('contest.intro')}</p>
          <h2>{t('contest.decision')}</h2>
          <dl>
            <dt>{t(`contest.actions.${view.action}`)}</dt>
            <dd>
              {view.listing ? `${t('contest.listing', view.listing)} · ` : ''}
              {t('contest.decidedOn', { date: formatDate(view.decided_at, i18n.language) })}
            </dd>
            <dt>{t('contest.ground')}</dt>
            <dd>{t(`contest.reasons.${view.reason ?? 'other'}`)}</dd>
            {view.note ? (
              <>
                <dt>{t('contest.facts')}</dt>
                <dd>{view.note}</dd>
              </>
            ) : null}
          </dl>
          {view.contest ? (
            <div role="status">
              <h2>{t('contest.yours', { date: formatDate(view.contest.at, i18n.language) })}</h2>
              <p>{view.contest.text}</p>
              <p>{view.contest.outcome ? t(`contest.outcome.${view.contest.outcome}`) : t('contest.waiting')}</p>
              {view.contest.answer ? <p>{t('contest.answer', { answer: view.contest.answer })}</p> : null}
            </div>
          ) : (
            <form className={styles.form} onSubmit={submit} noValidate>
              <TextAreaField
                ref={field}
                label={t('contest.text')}
                hint={t('contest.textHint')}
                value={text}
                rows={6}
                maxLength={REPORT_TEXT_MAX}
                error={accountMessage(problem)}
                onChange={(value) => {
                  setText(value);
                  setProblem(null);
                }}
              />
              <FormFailure>{failure}</FormFailure>
              <div>
                <Button type="submit" busy={busy} disabled={busy}>
                  {t('contest.send')}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
