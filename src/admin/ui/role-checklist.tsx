/** A fieldset of role checkboxes (add user, edit roles, bulk invite, tenant API token roles AB-6.07). */
import type { Role } from '../../api/admin-types.ts';
import * as css from './admin.css.ts';
import { CheckboxRow } from './form.tsx';

/** A role's name and, when it has one, its description (muted): the label of a role checkbox. */
export function RoleLabel({ role }: { role: Role }) {
  return (
    <>
      {role.name}
      {role.description ? <span className={css.muted}> — {role.description}</span> : null}
    </>
  );
}

/** Checkboxes of `roles`; `value` are the checked role ids. */
export function RoleChecklist({
  legend,
  roles,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  roles: Role[];
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className={css.field} style={{ border: 'none', padding: 0, margin: 0 }} disabled={disabled}>
      <legend className={css.label}>{legend}</legend>
      {roles.map((role) => (
        <CheckboxRow key={role.id} checked={value.includes(role.id)} onChange={(on) => onChange(on ? [...value, role.id] : value.filter((id) => id !== role.id))}>
          <RoleLabel role={role} />
        </CheckboxRow>
      ))}
    </fieldset>
  );
}
