import type { MainStoreCode } from '@preloved/contract';

// The main shop's side of a Pre-loved wallet discount code (spec §9: usable only here). A real shop
// calls these two endpoints from its server, where the shop key stays secret; this stand-in calls
// them from the page with the demo key (`<meta name="preloved-shop-key">` or `?shopKey=`) so the
// flow can be seen and tested in a browser.

interface Refusal {
  message?: string;
}

function shopKey(): string {
  const fromQuery = new URLSearchParams(window.location.search).get('shopKey');
  return fromQuery || document.querySelector<HTMLMetaElement>('meta[name="preloved-shop-key"]')?.content || '';
}

const euros = (amount: number) => new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(amount);

async function call(apiBase: string, action: 'check' | 'redeem', body: Record<string, string>): Promise<MainStoreCode> {
  const response = await fetch(`${apiBase}/main-store/discount-codes/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shop-key': shopKey() },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as MainStoreCode & Refusal;
  if (!response.ok) throw new Error(answer.message || 'The code could not be checked. Please try again.');
  return answer;
}

/** Wires the checkout's discount-code form: check the code, then use it once for this order. */
export function startRedeem(apiBase: string): void {
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
    call(apiBase, 'check', { code })
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
    call(apiBase, 'redeem', { code: checked.code, reference: `MAIN-${Date.now()}` })
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
