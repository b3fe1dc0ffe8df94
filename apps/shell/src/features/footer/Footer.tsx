import { AppLink, useBrandDetails } from '@preloved/shared';
import { SocialIcon } from '@preloved/ui';
import { lazy, memo, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Footer.module.css';

/**
 * The newsletter form is below the fold: its code (the form, the e-mail rules) comes after the
 * store's frame has hydrated (the JS budget). A server-rendered page shows it from the HTML
 * meanwhile; the server waits for it, so the HTML always has it.
 */
const Newsletter = lazy(async () => ({ default: (await import('./Newsletter')).Newsletter }));

/**
 * The newsletter's boundary, memoised: the footer renders again when the brand's details arrive, and
 * a boundary that gets new props before its code has arrived is thrown away and rendered anew by
 * React (the form vanished, and what the shopper had typed and tapped in it with it).
 */
const NewsletterRegion = memo(function NewsletterRegion() {
  return (
    <Suspense fallback={null}>
      <Newsletter />
    </Suspense>
  );
});

/** A footer section that toggles between active and inactive (spec §2); always open on wide screens. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const [active, setActive] = useState(false);
  const id = useId();
  return (
    <section className={styles.section} data-active={active || undefined}>
      <h2 className={styles.sectionTitle}>
        <button type="button" aria-expanded={active} aria-controls={id} onClick={() => setActive((value) => !value)}>
          {title}
          <span aria-hidden="true" className={styles.chevron}>
            +
          </span>
        </button>
      </h2>
      <div id={id} className={styles.sectionBody}>
        {children}
      </div>
    </section>
  );
}

export function Footer() {
  const { t } = useTranslation('shell');
  const { brand } = useBrandDetails();
  const socials = brand?.link_socials ?? [];
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <NewsletterRegion />
        <div className={styles.columns}>
          <Section title={t('footer.about')}>
            <ul>
              <li>
                <AppLink to="/about">{t('footer.aboutUs')}</AppLink>
              </li>
            </ul>
          </Section>
          <Section title={t('footer.help')}>
            <ul>
              <li>
                <AppLink to="/faqs">{t('footer.faqs')}</AppLink>
              </li>
              <li>
                <AppLink to="/shipping">{t('footer.shipping')}</AppLink>
              </li>
              <li>
                <AppLink to="/terms-and-conditions">{t('footer.terms')}</AppLink>
              </li>
              <li>
                <AppLink to="/privacy-policy">{t('footer.privacy')}</AppLink>
              </li>
              <li>
                <AppLink to="/how-search-works">{t('footer.howSearchWorks')}</AppLink>
              </li>
              <li>
                <AppLink to="/how-reviews-work">{t('footer.howReviewsWork')}</AppLink>
              </li>
            </ul>
          </Section>
          {socials.length > 0 ? (
            <Section title={t('footer.follow')}>
              <ul className={styles.socials}>
                {socials.map((social) => (
                  <li key={social.name}>
                    <a href={social.link} target="_blank" rel="noopener noreferrer" aria-label={social.name}>
                      <SocialIcon icon={social.icon} />
                    </a>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </div>
        <div className={styles.bottom}>
          {brand?.main_logo ? (
            brand.main_domain ? (
              <a href={brand.main_domain} className={styles.brand}>
                <img src={brand.main_logo} alt={t('footer.mainShop')} width={120} height={32} loading="lazy" />
              </a>
            ) : (
              <img src={brand.main_logo} alt="" width={120} height={32} loading="lazy" />
            )
          ) : (
            <span className={styles.brandPlaceholder} />
          )}
          <p className={styles.powered}>{t('footer.poweredBy')}</p>
        </div>
      </div>
    </footer>
  );
}
