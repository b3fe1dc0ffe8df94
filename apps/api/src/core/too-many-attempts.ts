import { HttpError } from './errors';
import type { ContentLanguage } from './language';

const sentences: Record<ContentLanguage, (minutes: number) => string> = {
  en: (minutes) => `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  pt: (minutes) => `Demasiadas tentativas. Tente de novo dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  es: (minutes) => `Demasiados intentos. Vuelve a intentarlo dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
};

/**
 * 429 with the wait the client must respect; the error handler sends it as `Retry-After`, and the
 * message in the language of the request's Accept-Language (`messageIn`).
 */
export class TooManyAttempts extends HttpError {
  constructor(public retryAfterSeconds: number) {
    super(429, sentences.en(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
  }

  messageIn(language: ContentLanguage): string {
    return sentences[language](Math.max(1, Math.ceil(this.retryAfterSeconds / 60)));
  }
}
