import { LANGUAGES, revalidate, setLanguage, type Language } from '@preloved/shared';
import { useTranslation } from 'react-i18next';
import styles from './Header.module.css';

const NAMES: Record<Language, string> = { en: 'English', pt: 'Português', es: 'Español' };

/**
 * A visible language switch: English, Portuguese and Spanish, each named in its own language. The page's data
 * is asked for again, so product titles and descriptions follow the language too.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('shell');
  const choose = (language: Language) => {
    void setLanguage(language).then(revalidate);
  };
  return (
    <div role="group" aria-label={t('header.language')} className={`${styles.languages} ${className ?? ''}`}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={i18n.language === language}
          aria-label={NAMES[language]}
          onClick={() => choose(language)}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
