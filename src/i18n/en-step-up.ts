/** English messages: step-up (pure data: `<fe-step-up>` registers them). */
export const enStepUp = {
  'stepUp.title': 'Confirm it’s you',
  'stepUp.body': 'This action needs a recent second-factor check.',
  'stepUp.checking': 'Preparing the check…',
  'stepUp.enrol.title': 'Set up two-factor authentication first',
  'stepUp.done.title': 'Confirmed',
  'stepUp.done.body': 'Thanks. Taking you back…',
  'stepUp.notRequested.title': 'Nothing to confirm',
  'stepUp.notRequested.body': 'No step-up was requested for this page.',
  'stepUp.failed.title': 'We couldn’t confirm it’s you',
  'stepUp.failed.body': 'Signing you out…',
  'stepUp.cancel': 'Cancel',
} as const;
