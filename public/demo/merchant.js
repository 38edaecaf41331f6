// Acme's own script, a file of its origin (its CSP allows no inline script).
//
// 1. The queue stub: RampCheckout(...) may be called before the async embed script has loaded; the
//    calls are queued and run, in order, when it loads.
window.RampCheckout =
  window.RampCheckout ||
  function () {
    (window.RampCheckout.q = window.RampCheckout.q || []).push(arguments);
  };

// The rest in a function scope: a global `function open` would replace window.open, which the
// checkout uses to open the partner's page.
(() => {
  // 2. Checkout options: ETH on Ethereum to the shopper's connected wallet, which they may not change.
  const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const options = {
    direction: 'buy',
    directions: ['buy'],
    cryptoCurrency: 'ETH',
    network: 'ETHEREUM',
    walletAddress: WALLET,
    lock: ['direction', 'cryptoCurrency', 'network', 'walletAddress'],
    theme: { brandColor: '#6a2bd9', radius: '14px' },
    onEvent: logEvent,
  };

  // 3. Every event the checkout reports, in a list on the page.
  const eventLog = document.getElementById('events');

  function describe(event) {
    switch (event.type) {
      case 'stepChanged':
        return event.step;
      case 'quotesUpdated':
        return `${event.quotes.length} quotes`;
      case 'quoteSelected':
        return event.quote.partner;
      case 'sessionCreated':
      case 'providerLaunched':
        return event.partner;
      case 'transactionUpdated':
      case 'completed':
      case 'failed':
        return event.status;
      case 'error':
        return event.code;
      default:
        return '';
    }
  }

  function logEvent(event) {
    const item = document.createElement('li');
    item.dataset.eventType = event.type;
    const type = document.createElement('strong');
    type.textContent = event.type;
    item.append(type);
    const detail = describe(event);
    if (detail) item.append(` · ${detail}`);
    eventLog.append(item);
    if (event.type === 'completed')
      document.getElementById('wallet').textContent = 'Wallet 0x5aAe…BeAed · topped up';
  }

  // 4. Mount, and keep the handle for closing and reopening.
  let checkout = null;
  const toggle = document.getElementById('toggle-checkout');

  function openCheckout() {
    window.RampCheckout('mount', '#checkout', options, (handle) => {
      checkout = handle;
      toggle.textContent = 'Close checkout';
    });
  }

  toggle.addEventListener('click', () => {
    if (checkout) {
      checkout.unmount();
      checkout = null;
      toggle.textContent = 'Open checkout';
    } else {
      openCheckout();
    }
  });

  openCheckout();
})();
