/**
 * The emulator's test-mode card challenge page in Chromium (issue 32 item 2; emulator/src/routes/admin/card-provider.ts):
 * framed by a page of another origin as the checkout frames it, answered by keyboard only, it tells its parent how
 * the authentication ended (`postMessage({ type: 'fe-test-mode-challenge', setupIntentId, status })`); its markup and
 * styles pass axe in the light and the dark scheme.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import { SLOW, api, signIn } from './helpers.ts';

const PROVIDERS = '/frontegg/subscriptions/resources/billing/payment-providers';

type Intent = { id: string; setupIntentSecret: string };
type TestModeIntent = { id: string; status: string; payment_method: string | null; next_action: { redirect_to_url: { url: string } } | null };
type ChallengeMessage = { type: string; setupIntentId: string; status: string };

/** A setup intent confirmed with `number`, waiting for its challenge: the intent and the challenge page's URL. */
async function challenged(token: string, number: string): Promise<{ intent: Intent; url: URL }> {
  const intent = await api<Intent>(token, 'POST', `${PROVIDERS}/stripe/setup-intents/v1`, {});
  const card = { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' };
  const confirmed = await api<TestModeIntent>(token, 'POST', `${PROVIDERS}/test-mode/setup-intents/v1/${intent.id}/confirm`, { client_secret: intent.setupIntentSecret, card });
  expect(confirmed.status).to.equal('requires_action');
  return { intent, url: new URL(confirmed.next_action!.redirect_to_url.url) };
}

const readBack = (token: string, intent: Intent) =>
  api<TestModeIntent>(token, 'GET', `${PROVIDERS}/test-mode/setup-intents/v1/${intent.id}?client_secret=${encodeURIComponent(intent.setupIntentSecret)}`);

/**
 * Frames `src` after a button of this page (focused), as a checkout dialog would, and resolves once it has loaded;
 * `message` resolves with the first challenge message the frame posts to this window.
 */
async function frame(src: string): Promise<{ iframe: HTMLIFrameElement; message: Promise<ChallengeMessage> }> {
  const before = document.createElement('button');
  before.textContent = 'Before the frame';
  const iframe = document.createElement('iframe');
  iframe.title = 'Card authentication';
  iframe.style.cssText = 'width: 480px; height: 360px; border: 0';
  const message = new Promise<ChallengeMessage>((resolve) => {
    const listen = (e: MessageEvent) => {
      if (e.source !== iframe.contentWindow || (e.data as ChallengeMessage)?.type !== 'fe-test-mode-challenge') return;
      window.removeEventListener('message', listen);
      resolve(e.data as ChallengeMessage);
    };
    window.addEventListener('message', listen);
  });
  const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
  iframe.src = src;
  document.body.append(before, iframe);
  await loaded;
  before.focus();
  return { iframe, message };
}

describe('the test-mode card challenge page (issue 32)', () => {
  const framed: HTMLElement[] = [];
  beforeEach(() => resetEmulator());
  afterEach(async () => {
    for (const el of framed.splice(0)) el.remove();
    document.querySelectorAll('body > button, body > iframe, body > [data-challenge-copy]').forEach((el) => el.remove());
    await emulateMedia({ colorScheme: 'light' });
  });

  it('framed by another origin, keyboard only: Tab into it, Enter on "Complete authentication" → the parent hears succeeded; the card is attached', async () => {
    const token = await signIn(ADMIN);
    const { intent, url } = await challenged(token, '4000002760003184');
    expect(url.origin, 'the page lives on the emulator, not on this page').not.to.equal(location.origin);
    const { iframe, message } = await frame(url.href);
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement, 'focus went into the frame').to.equal(iframe);
    await sendKeys({ press: 'Enter' });
    expect(await message).to.deep.equal({ type: 'fe-test-mode-challenge', setupIntentId: intent.id, status: 'succeeded' });
    const read = await readBack(token, intent);
    expect(read.status).to.equal('succeeded');
    expect(read.payment_method).to.match(/^pm_/);
  });

  it('Tab, Tab, Enter: "Fail authentication" → the parent hears requires_payment_method; 4000 0084 0000 1629 fails even on Complete', async () => {
    const token = await signIn(ADMIN);
    const failed = await challenged(token, '4000002760003184');
    const first = await frame(failed.url.href);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    expect(await first.message).to.deep.equal({ type: 'fe-test-mode-challenge', setupIntentId: failed.intent.id, status: 'requires_payment_method' });
    expect((await readBack(token, failed.intent)).status).to.equal('requires_payment_method');

    const always = await challenged(token, '4000008400001629');
    const second = await frame(always.url.href);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    expect((await second.message).status).to.equal('requires_payment_method');
  });

  it('the page and its answer pass axe in the light and the dark scheme (its markup and stylesheet, copied into this page)', async () => {
    const token = await signIn(ADMIN);
    const { url } = await challenged(token, '4000002760003184');
    // the page through this origin's proxy: its markup, with its own stylesheet
    const copy = async (html: string) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const holder = document.createElement('div');
      holder.dataset.challengeCopy = '';
      const style = document.createElement('link');
      style.rel = 'stylesheet';
      style.href = doc.querySelector<HTMLLinkElement>('link[rel=stylesheet]')!.getAttribute('href')!;
      const styled = new Promise((resolve) => style.addEventListener('load', resolve, { once: true }));
      holder.append(style, document.adoptNode(doc.querySelector('main')!));
      document.body.append(holder);
      await styled;
      return holder;
    };
    const page = await (await fetch(url.pathname + url.search)).text();
    const challenge = await copy(page);
    expect(challenge.querySelector('h1')!.textContent).to.equal('Authenticate your card');
    const buttons = [...challenge.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).to.deep.equal(['Complete authentication', 'Fail authentication']);
    await expect(challenge).to.be.accessible();
    await emulateMedia({ colorScheme: 'dark' });
    await waitUntil(() => getComputedStyle(challenge.querySelector('button.primary')!).backgroundColor === 'rgb(76, 154, 255)', 'dark scheme', SLOW);
    await expect(challenge).to.be.accessible();
    await emulateMedia({ colorScheme: 'light' });
    challenge.remove();

    const form = new URLSearchParams({ client_secret: url.searchParams.get('client_secret')!, result: 'fail' });
    const answer = await (await fetch(url.pathname, { method: 'POST', body: form })).text();
    const ended = await copy(answer);
    expect(ended.querySelector('h1')!.textContent).to.equal('Authentication failed');
    await expect(ended).to.be.accessible();
    await emulateMedia({ colorScheme: 'dark' });
    await waitUntil(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim() === '#161b22', 'dark scheme', SLOW);
    await expect(ended).to.be.accessible();
  });
});
