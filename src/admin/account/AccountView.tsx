/**
 * The account section (admin spec §2 "account": tabs settings and customLogin; §3 "Account settings"; SI-2.34,
 * SI-2.35, SI-2.36, SI-3.09, AB-3.14, AB-5.01, AB-7.27). Settings: company name (the tenant's name), address,
 * website, time zone, date and time formats, currency and logo (an image address or an uploaded image, previewed).
 * Custom login: the application URL and the login URL. Each field's appearance is hidden, viewOnly or edit
 * (`fieldAppearance(options, 'account', field)`, companyName for the name), each tab's hidden or edit
 * (`tabAppearance`). Saving sends only the changed fields; with none changed it says "No changes to update" and
 * makes no call. Without `fe.secure.write.accountSettings` every field is view-only and there is no save.
 */
import { useStore } from '@nanostores/react';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { AccountSettings } from '../../api/admin-types.ts';
import { useT } from '../../i18n/use-t.ts';
import { createAccountResource, changedFields, type AccountChanges, type AccountField } from '../resources/account.ts';
import { useSection } from '../shell/context.ts';
import { fieldAppearance, tabAppearance, type FieldAppearance } from '../shell/ids.ts';
import { FilePicker } from '../ui/file-picker.tsx';
import { Select } from '../ui/select.tsx';
import { formatPattern } from '../../i18n/date-time.ts';
import * as css from '../ui/admin.css.ts';
import * as accountCss from './account.css.ts';
import { SectionHeader } from '../ui/section-header.tsx';
import { ErrorSlot, LoadStates } from '../ui/states.tsx';
import { AdminTabs } from '../ui/tabs.tsx';
import { useSave } from '../ui/use-save.ts';

/** The tabs of the section, in order (SI-2.34). */
export const ACCOUNT_TABS = ['settings', 'customLogin'] as const;
/** One tab. */
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** The fields of each tab (SI-3.09 and AB-3.14 on settings; the login and application URLs on customLogin). */
export const TAB_FIELDS: Record<AccountTab, readonly AccountField[]> = {
  settings: ['name', 'address', 'website', 'timezone', 'dateFormat', 'timeFormat', 'currency', 'logo'],
  customLogin: ['applicationUrl', 'loginUrl'],
};

/** The name a host uses for a field in `options.adminPortal.account.fields` (SI-2.35): the name is `companyName`. */
export function appearanceKey(field: AccountField): string {
  return field === 'name' ? 'companyName' : field;
}

/** Common ISO 4217 currencies offered by the currency select. */
export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'CNY',
  'HKD',
  'SGD',
  'INR',
  'KRW',
  'BRL',
  'MXN',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'ILS',
  'ZAR',
  'AED',
];
/** Date formats offered (patterns: yyyy year, MM month, MMM month name, dd / d day). */
export const DATE_FORMATS = ['MM/dd/yyyy', 'dd/MM/yyyy', 'yyyy-MM-dd', 'dd.MM.yyyy', 'MMM d, yyyy', 'd MMM yyyy'];
/** Time formats offered (hh 12-hour, HH 24-hour, mm minutes, a AM/PM). */
export const TIME_FORMATS = ['hh:mm a', 'h:mm a', 'HH:mm'];
/** The largest logo upload, in bytes (the server's limit). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const URL_FIELDS: readonly AccountField[] = ['website', 'applicationUrl', 'loginUrl'];

/** True for an absolute http: or https: URL (what the server accepts for website, application and login URLs). */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A date/time pattern (yyyy, MMM, MM, dd, d, HH, hh, h, mm, a) applied to `date`: the example shown beside a format. */
export function formatExample(pattern: string, date: Date, locale: string): string {
  return formatPattern(date, pattern, locale);
}

/** Time zones of the select: the browser's IANA list, with `current` added when the browser lacks it. */
function timeZones(current: string): string[] {
  const list = Intl.supportedValuesOf('timeZone');
  return current && !list.includes(current) ? [current, ...list] : list;
}

/** The options of a select field: value → label. */
function selectOptions(field: AccountField, current: string, locale: string): { value: string; label: string }[] | null {
  const example = new Date(2025, 11, 31, 16, 5);
  const withCurrent = (list: readonly string[]) => (current && !list.includes(current) ? [current, ...list] : list);
  switch (field) {
    case 'timezone':
      return timeZones(current).map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
    case 'currency': {
      const names = new Intl.DisplayNames([locale], { type: 'currency' });
      return withCurrent(CURRENCIES).map((c) => ({ value: c, label: `${c} — ${names.of(c) ?? c}` }));
    }
    case 'dateFormat':
    case 'timeFormat':
      return withCurrent(field === 'dateFormat' ? DATE_FORMATS : TIME_FORMATS).map((f) => ({ value: f, label: `${f} (${formatExample(f, example, locale)})` }));
    default:
      return null;
  }
}

/** The section view. */
export function AccountView() {
  const { app, resources, options, can } = useSection();
  const t = useT(app);
  const canWrite = can('write');
  const result = useStore(resources.use(createAccountResource).$settings);
  // what the user typed, per field, kept across tabs and across a failed save
  const [edits, setEdits] = useState<AccountChanges>({});
  const tabs = ACCOUNT_TABS.filter((tab) => tabAppearance(options, 'account', tab) !== 'hidden');
  const appearanceOf = (field: AccountField): FieldAppearance => {
    const a = fieldAppearance(options, 'account', appearanceKey(field));
    return a === 'edit' && !canWrite ? 'viewOnly' : a;
  };

  return (
    <section className={css.section} aria-labelledby="fe-account-title">
      <SectionHeader titleId="fe-account-title" title={t('admin.account.title')} />
      {!canWrite ? <p className={css.muted}>{t('admin.account.readOnly')}</p> : null}
      <LoadStates state={result} retry={() => resources.use(createAccountResource).$settings.revalidate()}>
        {tabs.length === 0 ? (
          <p className={css.muted}>{t('admin.account.noTabs')}</p>
        ) : (
          <AdminTabs
            label={t('admin.account.tabs')}
            tabs={tabs.map((tab) => ({
              id: tab,
              label: t(`admin.account.tab.${tab}`),
              content: (
                <SettingsForm
                  tab={tab}
                  saved={result.data!}
                  edits={edits}
                  onEdit={(field, value) => setEdits((e) => ({ ...e, [field]: value }))}
                  onSaved={(fields) =>
                    setEdits((e) => {
                      const rest = { ...e };
                      for (const f of fields) delete rest[f];
                      return rest;
                    })
                  }
                  appearanceOf={appearanceOf}
                />
              ),
            }))}
          />
        )}
      </LoadStates>
    </section>
  );
}

function SettingsForm({
  tab,
  saved,
  edits,
  onEdit,
  onSaved,
  appearanceOf,
}: {
  tab: AccountTab;
  saved: AccountSettings;
  edits: AccountChanges;
  onEdit: (field: AccountField, value: string) => void;
  onSaved: (fields: AccountField[]) => void;
  appearanceOf: (field: AccountField) => FieldAppearance;
}) {
  const { t, app, resources, toasts } = useSection();
  const locale = useStore(app.i18n.$locale);
  const { busy, error, setError, run } = useSave();
  const [noChanges, setNoChanges] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<AccountField, string>>>({});
  const fields = TAB_FIELDS[tab].filter((f) => appearanceOf(f) !== 'hidden');
  const editable = fields.filter((f) => appearanceOf(f) === 'edit');
  const valueOf = (f: AccountField) => edits[f] ?? saved[f] ?? '';
  const edit = (f: AccountField, value: string) => {
    onEdit(f, value);
    setNoChanges(false);
    if (problems[f]) setProblems((p) => ({ ...p, [f]: undefined }));
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const changes = changedFields(saved, edits, editable);
    const found: Partial<Record<AccountField, string>> = {};
    if ('name' in changes && !changes.name) found.name = t('admin.account.nameRequired');
    for (const f of URL_FIELDS) if (changes[f] && !isHttpUrl(changes[f])) found[f] = t('admin.account.urlInvalid');
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      form.querySelector<HTMLElement>(`[name=${first}]`)?.focus();
      return;
    }
    setError(null);
    if (Object.keys(changes).length === 0) {
      setNoChanges(true);
      return;
    }
    setNoChanges(false);
    void run(
      () => resources.use(createAccountResource).save.run(changes),
      () => {
        onSaved(Object.keys(changes) as AccountField[]);
        toasts.show(t('admin.account.saved'));
      },
    );
  };

  return (
    <form className={accountCss.settingsForm} onSubmit={submit} noValidate aria-busy={busy}>
      {tab === 'customLogin' ? <p className={css.muted}>{t('admin.account.customLoginIntro')}</p> : null}
      {fields.map((f) =>
        f === 'logo' ? (
          <LogoField key={f} value={valueOf(f)} viewOnly={appearanceOf(f) !== 'edit'} onChange={(v) => edit(f, v)} />
        ) : (
          <Field key={f} field={f} value={valueOf(f)} viewOnly={appearanceOf(f) !== 'edit'} problem={problems[f]} locale={locale} onChange={(v) => edit(f, v)} />
        ),
      )}
      {noChanges ? (
        <div className={css.alert} role="alert">
          {t('admin.noChanges')}
        </div>
      ) : null}
      <ErrorSlot error={error} />
      {editable.length > 0 ? (
        <div className={accountCss.settingsActions}>
          <button type="submit" className={css.button} aria-disabled={busy}>
            {busy ? t('admin.saving') : t('admin.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** One text or select field; view-only fields are read-only inputs showing the value (or "Not set"). */
function Field(props: { field: AccountField; value: string; viewOnly: boolean; problem?: string; locale: string; onChange: (value: string) => void }) {
  const { t } = useSection();
  const { field, value, viewOnly, problem, locale, onChange } = props;
  const id = `fe-account-${field}`;
  const hint = URL_FIELDS.includes(field) ? t(field === 'website' ? 'admin.account.urlHint' : `admin.account.${field as 'applicationUrl' | 'loginUrl'}Hint`) : null;
  const options = selectOptions(field, value, locale);
  if (options && !viewOnly && field !== 'timezone') {
    // a choice: the kit's Select (the time zones, hundreds of them, stay a native select: see the report of issue 20)
    const items = [{ key: '', label: t('admin.account.notSet') }, ...options.map((o) => ({ key: o.value, label: o.label }))];
    return <Select label={t(`admin.account.field.${field}`)} name={field} items={items} value={value} onChange={onChange} description={hint} error={problem} />;
  }
  const described = [problem ? `${id}-error` : null, hint && !viewOnly ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field,
    className: css.input,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': described,
  };
  let control: ReactNode;
  if (viewOnly) {
    const shown = options?.find((o) => o.value === value)?.label ?? value;
    control = <input {...common} readOnly value={shown || t('admin.account.notSet')} />;
  } else if (options) {
    control = (
      <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('admin.account.notSet')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type={URL_FIELDS.includes(field) ? 'url' : 'text'}
        autoComplete={field === 'name' ? 'organization' : field === 'address' ? 'street-address' : field === 'website' ? 'url' : 'off'}
        required={field === 'name'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {t(`admin.account.field.${field}`)}
      </label>
      {control}
      {hint && !viewOnly ? (
        <span id={`${id}-hint`} className={css.hint}>
          {hint}
        </span>
      ) : null}
      {problem ? (
        <span id={`${id}-error`} className={css.fieldError} role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}

/** The logo: a preview, an image address, an upload (read as a data URL) and remove. */
function LogoField({ value, viewOnly, onChange }: { value: string; viewOnly: boolean; onChange: (value: string) => void }) {
  const { t } = useSection();
  const [problem, setProblem] = useState('');
  const upload = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) return setProblem(t('admin.account.logoType'));
    if (file.size > MAX_LOGO_BYTES) return setProblem(t('admin.account.logoTooBig'));
    setProblem('');
    const reader = new FileReader();
    reader.onload = () => onChange(String(reader.result));
    reader.readAsDataURL(file);
  };
  return (
    <fieldset className={`${css.field} ${css.bareFieldset}`}>
      <legend className={css.label}>{t('admin.account.field.logo')}</legend>
      <span className={accountCss.logoPreview} data-logo-preview="">
        {value.startsWith('data:image/') || isHttpUrl(value) ? (
          <img src={value} alt={t('admin.account.logoPreview')} />
        ) : (
          <span className={css.muted}>{t('admin.account.logoNone')}</span>
        )}
      </span>
      {viewOnly ? null : (
        <>
          <label className={css.field}>
            <span>{t('admin.account.logoUrl')}</span>
            <input
              className={css.input}
              name="logo"
              type="url"
              autoComplete="off"
              value={value.startsWith('data:') ? '' : value}
              onChange={(e) => onChange(e.target.value)}
              aria-describedby="fe-account-logo-hint"
            />
          </label>
          <span className={css.toolbar}>
            <FilePicker label={t('admin.account.logoUpload')} name="logoFile" accept={LOGO_TYPES.join(',')} onChange={upload} describedBy="fe-account-logo-hint" />
            {value ? (
              <button type="button" className={css.secondaryButton} onClick={() => onChange('')}>
                {t('admin.account.logoRemove')}
              </button>
            ) : null}
          </span>
          <span id="fe-account-logo-hint" className={css.hint}>
            {t('admin.account.logoHint')}
          </span>
          {problem ? (
            <span className={css.fieldError} role="alert">
              {problem}
            </span>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
