// The store's dates and numbers in the reader's language, on its pages and in its mails. A formatter is made once per locale and
// options and kept: making one costs tens of microseconds, and a server-rendered product page made
// several per render (its seller's rating, its price-cut date).

/** The locale a page formats dates and numbers in, from the user's language. */
export const localeOf = (language: string) => (language === 'pt' ? 'pt-PT' : 'en-GB');

function kept<F, O>(make: (locale: string, options: O) => F) {
  const made = new Map<string, F>();
  return (locale: string, options: O): F => {
    const key = `${locale}\0${JSON.stringify(options)}`;
    let found = made.get(key);
    if (!found) {
      found = make(locale, options);
      made.set(key, found);
    }
    return found;
  };
}

/** `new Intl.NumberFormat(locale, options)`, made once for each locale and options. */
export const numberFormat = kept((locale: string, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));

/** `new Intl.DateTimeFormat(locale, options)`, made once for each locale and options. */
export const dateTimeFormat = kept((locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));
