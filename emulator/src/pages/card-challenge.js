// The test-mode card provider's challenge page (routes/admin/card-provider.ts): once the challenge is answered, the
// page tells the window that shows it — the checkout's frame (`parent`) or the window that opened it (`opener`) —
// which setup intent ended how. The message carries no secret; its target origin is any (the checkout's page is the
// host's, unknown here), and the checkout checks the message's `source` and `setupIntentId`.
const main = document.querySelector('main[data-setup-intent-id]');
if (main) {
  const message = { type: 'fe-test-mode-challenge', setupIntentId: main.dataset.setupIntentId, status: main.dataset.status };
  const targets = new Set([window.parent !== window ? window.parent : null, window.opener].filter(Boolean));
  for (const target of targets) {
    try {
      target.postMessage(message, '*');
    } catch {
      // a closed or cross-origin window that refuses: nothing to tell
    }
  }
}
