import { ApiError } from '@preloved/contract';

/** The refusals every customers/* call may answer, as the OpenAPI document lists them. */
export const customerErrors = { 401: ApiError, 404: ApiError, 422: ApiError, 429: ApiError };
