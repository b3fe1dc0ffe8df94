import { messageFor } from '@preloved/shared';

/** A field's message key in the user's language: the shared catalogue, else the account's own errors. */
export const accountMessage = (key: string | null | undefined) => messageFor(key, 'account');
