/**
 * The permissions of a role, picked by category (admin spec §3 "Permission", AB-3.02, AB-3.03, AB-6.02): one fieldset
 * per category with an "all of" checkbox, then a checkbox per permission. ALWAYS permissions show checked and disabled;
 * NEVER ones show disabled (checked when the role already holds one: it may keep it) with the reason, linked by
 * `aria-describedby`. `groups` are the permissions offered (the dialog leaves out those of sections not built yet);
 * `value` may hold others, which the picker keeps as they are and does not count.
 */
import { useId } from 'react';
import type { Permission } from '../../api/admin-types.ts';
import * as css from '../ui/admin.css.ts';
import * as rolesCss from './roles.css.ts';
import type { PermissionGroup } from './model.ts';
import { useSection } from '../shell/context.ts';

/** Whether a permission's checkbox can change: only ASSIGNABLE ones (and those of no type). */
export function isLocked(p: Permission): boolean {
  return p.assignmentType === 'ALWAYS' || p.assignmentType === 'NEVER';
}

/** The picker. `value` are the checked permission ids; `readOnly` shows them all disabled. */
export function PermissionPicker({ groups, value, onChange, readOnly }: { groups: PermissionGroup[]; value: string[]; onChange: (ids: string[]) => void; readOnly?: boolean }) {
  const { t } = useSection();
  const id = useId();
  const checked = new Set(value);
  // the count is of the permissions shown: a role may also hold some the picker leaves out (issue 31 item 8)
  const shownChecked = groups.reduce((n, g) => n + g.permissions.filter((p) => checked.has(p.id)).length, 0);
  const toggle = (ids: string[], on: boolean) => onChange(on ? [...new Set([...value, ...ids])] : value.filter((v) => !ids.includes(v)));
  return (
    <fieldset className={rolesCss.permissionGroup} disabled={readOnly} aria-describedby={`${id}-count`}>
      <legend className={css.label}>{t('admin.roles.permissions')}</legend>
      <span id={`${id}-count`} className={css.hint}>
        {t('admin.roles.permissionsHint', { count: shownChecked })}
      </span>
      {groups.map((group) => {
        const free = group.permissions.filter((p) => !isLocked(p)).map((p) => p.id);
        const on = free.filter((p) => checked.has(p)).length;
        return (
          <fieldset key={group.id || '_other'} className={rolesCss.category} data-category={group.id || 'other'}>
            <legend className={css.subtitle}>{group.name}</legend>
            {free.length > 0 ? (
              <label className={css.checkboxRow}>
                <input
                  type="checkbox"
                  className={rolesCss.box}
                  checked={on === free.length}
                  ref={(el) => {
                    if (el) el.indeterminate = on > 0 && on < free.length;
                  }}
                  onChange={(e) => toggle(free, e.target.checked)}
                />
                <span className={css.muted}>{t('admin.roles.allInCategory', { category: group.name })}</span>
              </label>
            ) : null}
            {group.permissions.map((p) => {
              const always = p.assignmentType === 'ALWAYS';
              const never = p.assignmentType === 'NEVER';
              const reason = always ? t('admin.roles.always') : never ? t('admin.roles.never') : '';
              const reasonId = `${id}-${p.id}-reason`;
              return (
                <label key={p.id} className={`${css.checkboxRow} ${css.alignStart}${free.length ? ` ${rolesCss.indented}` : ''}`} data-permission={p.key}>
                  <input
                    type="checkbox"
                    className={rolesCss.topBox}
                    checked={always || checked.has(p.id)}
                    disabled={always || never}
                    aria-describedby={reason ? reasonId : undefined}
                    onChange={(e) => toggle([p.id], e.target.checked)}
                  />
                  <span className={css.cellStack} title={p.key}>
                    <span>{p.name}</span>
                    <span className={css.hint}>{p.description || p.key}</span>
                    {reason ? (
                      <span id={reasonId} className={css.hint}>
                        {reason}
                      </span>
                    ) : null}
                  </span>
                </label>
              );
            })}
          </fieldset>
        );
      })}
    </fieldset>
  );
}
