// Loaded with its route (the table's `lazy`), never with the home page.
export { VerifyEmailPage } from './VerifyEmailPage';
