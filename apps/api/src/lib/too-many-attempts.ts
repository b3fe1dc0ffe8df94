import { HttpError } from './errors';

/** 429 with the wait the client must respect; the error handler sends it as `Retry-After`. */
export class TooManyAttempts extends HttpError {
  constructor(public retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`);
  }
}
