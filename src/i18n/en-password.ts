/** English messages of the password rules (pure data: every element that checks a new password — sign-up, reset password, activation, invitation — registers them). */
export const enPassword = {
  'password.rule.minLength': 'Use at least {min} characters.',
  'password.rule.maxLength': 'Use at most {max} characters.',
  'password.rule.repeated': 'Don’t repeat a character three times in a row.',
  'password.rule.optional': 'Include at least {count} of: {tests}.',
} as const;
