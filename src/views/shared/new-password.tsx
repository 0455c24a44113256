import type { PasswordConfig } from '../../auth/password-rules.ts';
import { checkPassword } from '../../auth/password-rules.ts';
import type { MessageKey, Translate } from '../../i18n/index.ts';
import { Field } from './ui.tsx';

/**
 * The flows that set a new password (accept invitation, activate account, reset password): each has
 * `<flow>.password.label`, `<flow>.confirm.label` and `<flow>.mismatch` in the message catalogue.
 */
export type NewPasswordFlow = 'invitation' | 'activate' | 'resetPassword';

const key = (flow: NewPasswordFlow, name: 'password.label' | 'confirm.label' | 'mismatch') => `${flow}.${name}` as MessageKey;

/**
 * Checks the `password` and `confirmPassword` fields of a submitted form against the password policy
 * (spec sign-in §7 passwords/config; rules in src/auth/password-rules.ts).
 * @returns field name → message (empty when both are fine): the policy's problems joined, or the mismatch.
 */
export function newPasswordErrors(t: Translate, flow: NewPasswordFlow, data: FormData, config: PasswordConfig): Record<string, string> {
  const password = String(data.get('password') ?? '');
  const problems = checkPassword(password, config);
  if (problems.length) return { password: problems.map((p) => t(p.key, p.params)).join(' ') };
  if (String(data.get('confirmPassword') ?? '') !== password) return { confirmPassword: t(key(flow, 'mismatch')) };
  return {};
}

/** The new-password and confirmation fields (autocomplete `new-password`, so password managers offer a strong one). */
export function NewPasswordFields({ t, flow, min, errors }: { t: Translate; flow: NewPasswordFlow; min?: number; errors: Record<string, string> }) {
  return (
    <>
      <Field
        label={t(key(flow, 'password.label'))}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={min ? t('password.rule.minLength', { min }) : undefined}
        error={errors.password}
      />
      <Field label={t(key(flow, 'confirm.label'))} name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
    </>
  );
}
