import { domainToASCII } from 'node:url';

// One shopper, one e-mail: the form of an address under which a discount code's per-shopper limit
// and "first order only" rule count a guest. Mail providers that deliver
// "a.n.a+promo@gmail.com" to "ana@gmail.com" would otherwise hand out a welcome code per spelling.

/** Providers that ignore dots in the local part (Gmail, and Google's older domain for it). */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);
/** Providers that deliver "name+tag@" to "name@" (sub-addressing, documented by each). */
const PLUS_TAGS_IGNORED = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.pt',
  'hotmail.com',
  'hotmail.pt',
  'live.com',
  'live.com.pt',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'protonmail.com',
  'proton.me',
  'pm.me',
  'fastmail.com',
]);
const ALIASES: Record<string, string> = { 'googlemail.com': 'gmail.com' };

/**
 * A domain in the one form mail delivery uses: without the trailing dots DNS ignores
 * ("gmail.com." is gmail.com) and, for an international domain, in its ASCII (punycode) form, so
 * "münchen.de" and "xn--mnchen-3ya.de" are one mailbox. A domain that does not convert stays as written.
 */
function mailDomain(domain: string): string {
  const bare = domain.replace(/\.+$/, '');
  return domainToASCII(bare) || bare;
}

/**
 * The address in lower case, without dots or a `+tag` where the provider ignores them. Other
 * providers keep both: at an unknown domain "ana+x" may well be another person's mailbox.
 */
export function shopperEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  const domain = mailDomain(lower.slice(at + 1));
  if (PLUS_TAGS_IGNORED.has(domain)) local = local.split('+')[0]!;
  if (DOTS_IGNORED.has(domain)) local = local.replaceAll('.', '');
  return `${local}@${ALIASES[domain] ?? domain}`;
}
