import { formatMoney, type MainStoreCode } from '@preloved/contract';

// The main shop's side of a Pre-loved wallet discount code (spec §9: usable only here). The page sends
// the shopper's code to the shop's own server (`<meta name="preloved-shop-server">`, or `?shopServer=`),
// which holds the shop key and calls the store's discount-code API (the key is a
// server-to-server secret, never in a page). In the demo that server part is the store's stand-in at
// /main-shop/server/ (apps/api/src/modules/wallet/main-shop-stand-in.ts).

interface Refusal {
  message?: string;
}

// The main shop's own pages are in English.
const euros = (amount: number) => formatMoney(amount, 'en');

async function call(shopServer: string, action: 'check' | 'redeem', body: Record<string, string>): Promise<MainStoreCode> {
  const response = await fetch(`${shopServer}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as MainStoreCode & Refusal;
  if (!response.ok) throw new Error(answer.message || 'The code could not be checked. Please try again.');
  return answer;
}

/** Wires the checkout's discount-code form: check the code, then use it once for this order (through the shop's server). */
export function startRedeem(shopServer: string): void {
  const form = document.getElementById('brand-code-form') as HTMLFormElement | null;
  const input = document.getElementById('brand-code') as HTMLInputElement | null;
  const result = document.getElementById('brand-code-result');
  const use = document.getElementById('brand-code-use') as HTMLButtonElement | null;
  if (!form || !input || !result || !use) return;
  let checked: MainStoreCode | null = null;
  const say = (text: string, failed = false) => {
    result.textContent = text;
    result.classList.toggle('brand-error', failed);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    checked = null;
    use.hidden = true;
    const code = input.value.trim();
    if (!code) {
      say('Please enter a valid discount code.', true);
      input.focus();
      return;
    }
    say('Checking…');
    call(shopServer, 'check', { code })
      .then((found) => {
        checked = found;
        if (found.active) {
          say(`Code ${found.code}: ${euros(found.amount)} off your order. Active.`);
          use.hidden = false;
        } else {
          say(`Code ${found.code} (${euros(found.amount)}) is inactive: it has already been used.`, true);
        }
      })
      .catch((error: Error) => say(error.message, true));
  });

  use.addEventListener('click', () => {
    if (!checked) return;
    use.disabled = true;
    call(shopServer, 'redeem', { code: checked.code })
      .then((redeemed) => {
        say(`Code ${redeemed.code} used: ${euros(redeemed.amount)} off your order. The code is now inactive.`);
        use.hidden = true;
        input.value = '';
      })
      .catch((error: Error) => say(error.message, true))
      .finally(() => {
        use.disabled = false;
        checked = null;
      });
  });
}
