import { testRunnerConfig } from './web-test-runner.config.mjs';

/**
 * The sign-in elements' browser tests again, on `fe-elements/lite` (issue 24), the admin portal's shell and its
 * users section (issue 30 item 8), the Stripe card fields in the light DOM (issue 32 item 2) and the entitlements
 * inspector (issue 35, an entry of its own in both builds): the same test files,
 * served by a Vite on vite.lite.config.ts, so react, react-dom and their JSX runtimes resolve to preact/compat and
 * `__FE_LITE__` is true, as in dist/lite. One shared suite, run twice (`npm test`: steps `browser` and `browser (lite)`).
 */
export default {
  ...testRunnerConfig({ configFile: 'vite.lite.config.ts' }),
  files: [
    'test/accept-invitation.test.ts',
    'test/admin/portal.test.ts',
    'test/admin/stripe-card.test.ts',
    'test/admin/users.test.ts',
    'test/activate-account.test.ts',
    'test/app.test.ts',
    'test/authorized.test.ts',
    'test/element-runtime.test.ts',
    'test/entitlements-inspector.test.ts',
    'test/federation.test.ts',
    'test/idle.test.ts',
    'test/forgot-password.test.ts',
    'test/impersonate.test.ts',
    'test/login-box.test.ts',
    'test/login-box.a11y.test.ts',
    'test/passkeys-prompt.test.ts',
    'test/preview.test.ts',
    'test/reset-password.test.ts',
    'test/reset-phone-number.test.ts',
    'test/routes.test.ts',
    'test/security-redirects.test.ts',
    'test/sign-up.test.ts',
    'test/step-up.test.ts',
    'test/step-up.a11y.test.ts',
    'test/tenant-switcher.test.ts',
    'test/unlock-account.test.ts',
  ],
};
