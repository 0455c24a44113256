import { addMessages } from './index.ts';

/**
 * English messages: passwordless sign-in (magic link, email code, SMS code,
 * quick SMS login), the NoLocalAuthentication strategy, failed callbacks
 * (registered when the module loads: the passwordless views and the callback
 * actor import it). "Failed to authenticate" is sign-in §8's text, verbatim.
 */
export const enPasswordless = {
  'login.failedToAuthenticate': 'Failed to authenticate',
  'login.failedReason': 'Failed to authenticate: {reason}',
  'login.noSso': 'No single sign-on is set up for this email. Use one of the other ways to sign in.',
  'login.noLocal.subtitle': 'Sign in with your organization’s single sign-on or one of the accounts below.',
  'login.noLocal.socialOnly': 'Sign in with one of the accounts below.',
  'login.noLocal.continue': 'Continue with single sign-on',
  'login.ssoFailed.title': 'Single sign-on failed',
  'login.ssoFailed.body': 'We could not sign you in with your organization’s single sign-on. Taking you back…',
  'passwordless.magicLink.title': 'Check your email',
  'passwordless.magicLink.body': 'If {email} has an account, we sent it a sign-in link. Open it to sign in; it works once.',
  'passwordless.code.title': 'Enter the code from your email',
  'passwordless.code.body': 'If {email} has an account, we sent it a 6-digit code.',
  'passwordless.sms.title': 'Enter the code from your text message',
  'passwordless.sms.body': 'If the account of {email} has a phone number, we texted it a 6-digit code.',
  'passwordless.quickSms.body': 'We texted a 6-digit code to the phone number of your quick sign-in.',
  'passwordless.quickSms.start': 'Text me a sign-in code',
  'passwordless.code.label': 'Code',
  'passwordless.code.required': 'Enter the code.',
  'passwordless.submit': 'Sign in',
  'passwordless.busy': 'Checking the code…',
  'passwordless.resend': 'Send again',
  'passwordless.resendIn': 'Send again in {seconds} s',
  'passwordless.resending': 'Sending…',
  'passwordless.resent': 'We sent a new one. Earlier ones no longer work.',
  'passwordless.changeEmail': 'Use a different email',
  'passwordless.otherWay': 'Sign in another way',
  'quickLogin.title': 'Sign in faster next time',
  'quickLogin.body': 'Add your mobile number: on this device you can then sign in with a code we text you.',
  'quickLogin.phone.label': 'Mobile number',
  'quickLogin.phone.hint': 'International format, like +14155550100',
  'quickLogin.phone.invalid': 'Enter the number in international format, like +14155550100.',
  'quickLogin.send': 'Text me a code',
  'quickLogin.sending': 'Sending the code…',
  'quickLogin.code.body': 'We texted a 6-digit code to {phone}.',
  'quickLogin.verify': 'Verify',
  'quickLogin.verifying': 'Checking the code…',
  'quickLogin.changeNumber': 'Use a different number',
  'quickLogin.skip': 'Not now',
} as const;

addMessages('en', enPasswordless);
