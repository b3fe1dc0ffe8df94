import type { VerificationMode } from '@preloved/contract';
import { loadVerificationMode, verificationContext } from '@preloved/shared';
import { useLoaderData, useLocation } from '@preloved/shared/router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaqQuestion, FaqTopic, InfoPageKey, InfoSection, InfoText } from './content.en';
import styles from './InfoPage.module.css';

// `t(..., { returnObjects: true })` is typed as a loose object, so the page's texts are checked
// here once, instead of trusting a cast.
const isString = (value: unknown): value is string => typeof value === 'string';
const isText = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

function isListOf<T>(value: unknown, isItem: (item: unknown) => item is T): value is T[] {
  return Array.isArray(value) && value.every((item: unknown) => isItem(item));
}

function isSection(value: unknown): value is InfoSection {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value && isString(value.id) &&
    'heading' in value && isString(value.heading) &&
    'paragraphs' in value && isText(value.paragraphs) &&
    (!('paragraphs_checked' in value) || isText(value.paragraphs_checked))
  );
}

function isQuestion(value: unknown): value is FaqQuestion {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value && isString(value.id) &&
    'question' in value && isString(value.question) &&
    'answer' in value && isText(value.answer) &&
    (!('answer_checked' in value) || isText(value.answer_checked))
  );
}

function isTopic(value: unknown): value is FaqTopic {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value && isString(value.id) &&
    'heading' in value && isString(value.heading) &&
    'questions' in value && isListOf(value.questions, isQuestion)
  );
}

function isInfoText(value: unknown): value is InfoText {
  return (
    typeof value === 'object' &&
    value !== null &&
    'title' in value && isString(value.title) &&
    'lead' in value && isString(value.lead) &&
    (!('updated' in value) || isString(value.updated)) &&
    (!('sections' in value) || isListOf(value.sections, isSection)) &&
    (!('topics' in value) || isListOf(value.topics, isTopic))
  );
}

function Paragraphs({ texts }: { texts: string[] }) {
  // The texts are fixed content that never reorders, so their position is a stable key.
  return texts.map((text, index) => <p key={index}>{text}</p>);
}

/** The information pages' data: the brand's verification mode, so the server renders the right words. */
export interface InfoPageData {
  verification: VerificationMode | null;
}

export async function infoPageLoader(): Promise<InfoPageData> {
  return { verification: await loadVerificationMode() };
}

/**
 * The layout every information page shares: title, lead, then titled sections (or, for the FAQs,
 * questions that open in place). `page` picks the texts under `pages.<page>` of the `info` namespace.
 * A section's `paragraphs_checked` (a question's `answer_checked`) replaces its words only where the store
 * checks pieces at its hub (issue 48).
 */
export function InfoPage({ page }: { page: InfoPageKey }) {
  const { t } = useTranslation('info');
  const checked = verificationContext((useLoaderData() as InfoPageData | undefined)?.verification) === 'checked';
  const { hash } = useLocation();
  const value: unknown = t(`pages.${page}`, { returnObjects: true });
  const content = isInfoText(value) ? value : null;
  const documentTitle = content ? t('documentTitle', { title: content.title }) : null;
  const target = decodeURIComponent(hash.slice(1));

  useEffect(() => {
    if (!documentTitle) return;
    const previous = document.title;
    document.title = documentTitle;
    return () => {
      document.title = previous;
    };
  }, [documentTitle]);

  // A link such as the size guide's /faqs#sizes lands on its question: the route change scrolled
  // to the top, so bring the target into view once it exists.
  useEffect(() => {
    if (target) document.getElementById(target)?.scrollIntoView?.();
  }, [target]);

  if (!content) return null;
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{content.title}</h1>
        {content.updated ? <p className={styles.updated}>{content.updated}</p> : null}
        <p className={styles.lead}>{content.lead}</p>
      </header>
      {content.sections?.map((section) => (
        <section key={section.id} id={section.id} className={styles.section}>
          <h2 className={styles.heading}>{section.heading}</h2>
          <Paragraphs texts={(checked && section.paragraphs_checked) || section.paragraphs} />
        </section>
      ))}
      {content.topics?.map((topic) => (
        <section key={topic.id} id={topic.id} className={styles.section}>
          <h2 className={styles.heading}>{topic.heading}</h2>
          <div className={styles.questions}>
            {topic.questions.map((question) => (
              <details
                key={question.id}
                id={question.id}
                className={styles.question}
                open={question.id === target || undefined}
              >
                <summary className={styles.summary}>{question.question}</summary>
                <div className={styles.answer}>
                  <Paragraphs texts={(checked && question.answer_checked) || question.answer} />
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}
    </article>
  );
}

export const AboutPage = () => <InfoPage page="about" />;
export const FaqsPage = () => <InfoPage page="faqs" />;
export const ShippingPage = () => <InfoPage page="shipping" />;
export const TermsPage = () => <InfoPage page="terms" />;
export const PrivacyPolicyPage = () => <InfoPage page="privacy" />;
export const HowSearchWorksPage = () => <InfoPage page="howSearchWorks" />;
export const HowReviewsWorkPage = () => <InfoPage page="howReviewsWork" />;
