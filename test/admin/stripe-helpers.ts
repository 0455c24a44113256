/**
 * Helpers of the Stripe card fields' browser tests (test/admin/stripe-card*.test.ts): until the checkout (another part
 * of issue 32) renders the fields, a test renders them itself, in a React root inside the element's shadow root, with
 * the section's app and texts.
 */
import { waitUntil } from '@open-wc/testing';
import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { FeAppElement } from '../../elements/fe-app.ts';
import { SectionContext, type SectionView } from '../../src/admin/shell/context.ts';
import type { CardFieldsProps } from '../../src/admin/subscription/card/provider.ts';
import { SLOW } from './helpers.ts';

/** The publishable key of the tests (Stripe's test-mode prefix). */
export const STUB_KEY = 'pk_test_stub';

/** Waits for the element's subscription section (its texts load with its chunk). */
export async function subscriptionShown(el: HTMLElement): Promise<void> {
  await waitUntil(() => el.shadowRoot?.querySelector('#fe-subscription-title'), 'the subscription section', SLOW);
}

/**
 * Renders `fields` (the Stripe card chunk's component) with `props` in a React root in `el`'s shadow root (in its
 * `main` part when it has one), inside a section context with the app of the `<fe-app>` around `el` and its texts.
 * Resolves with the root (unmount it) and the place it renders in.
 */
export function renderCardFields(
  el: HTMLElement,
  fields: ComponentType<CardFieldsProps & { publishableKey: string }>,
  props: Partial<CardFieldsProps> = {},
): { root: Root; place: HTMLElement } {
  const app = el.closest<FeAppElement>('fe-app')!.app!;
  const value = { app, t: app.i18n.$t.get() } as SectionView;
  const place = document.createElement('div');
  (el.shadowRoot!.querySelector('[part=main]') ?? el.shadowRoot!).append(place);
  const root = createRoot(place);
  const given = Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined));
  const all = { publishableKey: STUB_KEY, onReady: () => {}, onCompleteChange: () => {}, disabled: false, ...given };
  root.render(createElement(SectionContext.Provider, { value }, createElement(fields, all)));
  return { root, place };
}
