import { ApiError } from '@preloved/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentLanguage } from '../../core/language';

/** The refusals every customers/* call may answer, as the OpenAPI document lists them. */
export const customerErrors = { 401: ApiError, 404: ApiError, 422: ApiError, 429: ApiError };

/**
 * The account's mails follow the language the store is shown in (the client's Accept-Language) at
 * sign-up and sign-in; a call without the header (a script) leaves the stored one alone.
 */
export async function rememberLanguage(app: FastifyInstance, request: FastifyRequest, customerId: number): Promise<void> {
  const header = request.headers['accept-language'];
  if (header === undefined || header === '') return;
  await app.customersRepository.setReader(customerId, { language: contentLanguage(header) });
}
