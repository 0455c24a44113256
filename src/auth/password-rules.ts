/**
 * Password rules from the vendor's passwords configuration (api-contract §5
 * "TestCfg"; GET passwords/config): length, no three repeated characters,
 * and a minimum number of optional tests (lower, upper, digits, symbols) —
 * skipped for a passphrase of at least minPhraseLength when passphrases are
 * allowed (OWASP-style, as the configuration's fields describe).
 */
import type { PasswordConfig } from '../api/types.ts';

/** The vendor's password configuration (api-contract §5), for the views that check passwords. */
export type { PasswordConfig };

/** Defaults when the configuration could not be read. */
export const DEFAULT_MIN_PASSWORD_LENGTH = 8;

/** One unmet rule: a catalogue key and its parameters. */
export type PasswordProblem =
  | { key: 'password.rule.minLength'; params: { min: number } }
  | { key: 'password.rule.maxLength'; params: { max: number } }
  | { key: 'password.rule.repeated'; params?: undefined }
  | { key: 'password.rule.optional'; params: { count: number; tests: string } };

const OPTIONAL_TESTS = {
  requireLowercase: { test: /[a-z]/, label: 'a lowercase letter' },
  requireUppercase: { test: /[A-Z]/, label: 'an uppercase letter' },
  requireNumbers: { test: /[0-9]/, label: 'a number' },
  requireSpecialChars: { test: /[^A-Za-z0-9\s]/, label: 'a symbol' },
} as const;

/**
 * The rules `password` breaks (empty when it is acceptable).
 * @param config the passwords configuration (partial is fine)
 */
export function checkPassword(password: string, config: PasswordConfig = {}): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const min = config.minLength ?? DEFAULT_MIN_PASSWORD_LENGTH;
  if (password.length < min) problems.push({ key: 'password.rule.minLength', params: { min } });
  if (config.maxLength && password.length > config.maxLength) problems.push({ key: 'password.rule.maxLength', params: { max: config.maxLength } });
  if (config.requiredTests?.checkThreeRepeatedChars && /(.)\1\1/.test(password)) problems.push({ key: 'password.rule.repeated' });
  const passphrase = config.allowPassphrases && config.minPhraseLength !== undefined && password.length >= config.minPhraseLength;
  const enabled = (Object.keys(OPTIONAL_TESTS) as (keyof typeof OPTIONAL_TESTS)[]).filter((k) => config.optionalTests?.[k]);
  const needed = Math.min(config.minOptionalTestsToPass ?? 0, enabled.length);
  if (!passphrase && needed > 0) {
    const passed = enabled.filter((k) => OPTIONAL_TESTS[k].test.test(password)).length;
    if (passed < needed) {
      problems.push({ key: 'password.rule.optional', params: { count: needed, tests: enabled.map((k) => OPTIONAL_TESTS[k].label).join(', ') } });
    }
  }
  return problems;
}
