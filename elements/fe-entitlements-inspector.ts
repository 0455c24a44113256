import { createElement } from 'react';
import { appContext } from '../src/app/context.ts';
import type { EntitlementsBundleLike } from '../src/entitlements/types.ts';
import shadowCss from '../src/views/entitlements-inspector/inspector.css.ts?inline';
import { Inspector, NoApp, objectOf } from '../src/views/entitlements-inspector/InspectorView.tsx';
import { defineElement, reactElement } from './internal/react-element.ts';
import { hostOf, useLitContext } from './internal/use-lit-context.ts';
import './fe-app.ts';

/** Props of `<fe-entitlements-inspector>`: both JSON text as attributes, objects as properties. */
export interface EntitlementsInspectorProps {
  /** A bundle to inspect instead of the signed-in user's (`{ features, plans, permissions }`, the v2 wire shape). */
  bundle?: unknown;
  /** The custom attributes the decisions read (what the host passes to `isEntitledTo`); the "what if" form starts with them. */
  customAttributes?: unknown;
}

/** The React root: the app of the nearest `<fe-app>` (context), then the view. */
function InspectorRoot(props: EntitlementsInspectorProps & { container?: ShadowRoot | HTMLElement }) {
  const host = hostOf(props.container);
  const app = useLitContext(host, appContext);
  if (!host) return null;
  if (!app) return createElement(NoApp);
  // the engine reads any object as a bundle (what is malformed inside counts as absent)
  return createElement(Inspector, { app, given: objectOf(props.bundle) as EntitlementsBundleLike | undefined, custom: objectOf(props.customAttributes) ?? {} });
}

/**
 * Entitlements inspector (issue 35; sign-in §4 "Entitlement decision", §5): a development aid that lists every
 * feature and permission of the signed-in user's entitlements with the decision and why — the direct grant and when
 * it ends, the feature flag rule or plan rule that matched (each condition with the user's attribute value that made
 * it true or false), the permission key or `*` wildcard that matched and the linked feature that decided — and a
 * "what if" form that explains one key with edited custom attributes. Every decision is made in the browser by the
 * engine the app uses (`explain()` of `fe-elements/entitlements`); nothing is sent to the server or changed there.
 * Needs `entitlements: { enabled: true }` in the app options (or a `bundle`). Must sit inside `<fe-app>`.
 * Its texts (English, German, Hebrew; the `inspector.*` keys) come with it, loaded in the app's locale before it
 * shows, and are in none of the catalogues other elements load; metadata or `options.localizations` override them as
 * any key.
 *
 * Its own entry, not part of `fe-elements` or `fe-elements/lite` (the sets) nor of any other element's files: load it
 * only where you develop, `import 'fe-elements/fe-entitlements-inspector'`.
 *
 * @tag fe-entitlements-inspector
 * @summary Explains every entitlement decision of the signed-in user (development aid).
 * @status experimental
 *
 * @attr {string} bundle - A bundle to inspect instead of the signed-in user's, as JSON (`{ features, plans, permissions }`); also a property (an object).
 * @attr {string} custom-attributes - The custom attributes the decisions read, as a JSON object (what the app passes to `isEntitledTo`); also the property `customAttributes` (an object).
 * @prop {object} bundle - A bundle to inspect instead of the signed-in user's (`{ features, plans, permissions }`, the v2 wire shape); JSON text works too.
 * @prop {object} customAttributes - The custom attributes the decisions read (`{ plan: 'pro', seats: 25 }`); the "what if" form starts with them.
 *
 * @cssprop [--fe-color-success=#15803d] - An entitled decision and a condition that holds.
 * @cssprop [--fe-color-danger=#b91c1c] - A negative decision and a condition that does not hold.
 * @cssprop [--fe-color-border=#d1d5db] - Table rules and the frame.
 * @cssprop [--fe-color-focus-ring=#4f46e5] - Keyboard focus outline.
 *
 * @example
 * <script type="module">
 *   // development pages only; <fe-app> reads its options when it connects
 *   import 'fe-elements/fe-app';
 *   import 'fe-elements/fe-entitlements-inspector';
 *   const app = Object.assign(document.createElement('fe-app'), { options: { entitlements: { enabled: true } } });
 *   app.setAttribute('base-url', 'https://app.example.com');
 *   app.append(document.createElement('fe-entitlements-inspector'));
 *   document.body.append(app);
 * </script>
 */
export class FeEntitlementsInspectorElement extends reactElement<EntitlementsInspectorProps>(InspectorRoot, {
  css: shadowCss,
  props: { bundle: 'string', customAttributes: 'string' },
}) {}

defineElement('fe-entitlements-inspector', FeEntitlementsInspectorElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-entitlements-inspector': FeEntitlementsInspectorElement;
  }
}
