/**
 * The profile section (admin spec §3 "Profile fields", §4 picture rule, §8 "No changes to update"; SI-3.07, AB-5.02,
 * AB-7.28): the user's name, phone number, address, job title and picture, each shown as its field appearance says
 * (hidden, view only, editable: `options.adminPortal.profile.fields`); a save sends only the changed fields and the
 * picture only when a new image was chosen. Email and password change in their dialogs. Loading and error states.
 */
import { useStore } from '@nanostores/react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { Profile } from '../../api/admin-types.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { useT } from '../../i18n/use-t.ts';
import { useRouteState, useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as profileCss from './profile.css.ts';
import { FilePicker } from '../ui/file-picker.tsx';
import { TextField } from '../ui/form.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { ErrorSlot, LoadStates } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { ChangeEmailDialog, ChangePasswordDialog } from './ProfileDialogs.tsx';
import {
  changedFields,
  dataUrlToBlob,
  draftOf,
  initialsOf,
  PROFILE_FIELDS,
  profileAppearance,
  readAsDataUrl,
  shouldUploadPicture,
  type ProfileDraft,
  type ProfileField,
} from './profile-form.ts';
import { createProfileResource } from '../resources/profile.ts';

/** The dialogs of the section (also deep links and stories: `dialog="password"`, `dialog="email"`). */
type ProfileDialog = 'password' | 'email';

const INPUT_TYPE: Record<ProfileField, { type: string; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'name' },
  phoneNumber: { type: 'tel', autoComplete: 'tel' },
  address: { type: 'text', autoComplete: 'street-address' },
  jobTitle: { type: 'text', autoComplete: 'organization-title' },
};

/** The profile section view. */
export function ProfileView() {
  const section = useSection();
  const { app, resources } = section;
  const t = useT(app);
  const profile = useStore(resources.use(createProfileResource).$profile);
  const [dialog, setDialog] = useRouteState<ProfileDialog | null>(({ route }) => (route === 'password' || route === 'email' ? route : null));
  const data = profile.data;
  return (
    <section className={css.section} aria-labelledby="fe-profile-title">
      <SectionHeader titleId="fe-profile-title" title={t('admin.profile.title')} />
      <LoadStates state={{ ...profile, data }} retry={() => resources.use(createProfileResource).$profile.revalidate()}>
        {data ? (
          <>
            <ProfileForm key={data.id} profile={data} />
            <section className={css.form} aria-labelledby="fe-profile-account">
              <h3 id="fe-profile-account" className={css.subtitle}>
                {t('admin.profile.account')}
              </h3>
              <div className={css.header}>
                <span className={css.cellStack}>
                  <span className={css.label}>{t('admin.profile.email')}</span>
                  <span data-field="email">{data.email}</span>
                </span>
                <button type="button" className={css.secondaryButton} onClick={() => setDialog('email')}>
                  {t('admin.profile.changeEmail')}
                </button>
              </div>
              <div className={css.header}>
                <span className={css.cellStack}>
                  <span className={css.label}>{t('admin.profile.password')}</span>
                  <span aria-hidden="true">••••••••</span>
                </span>
                <button type="button" className={css.secondaryButton} onClick={() => setDialog('password')}>
                  {t('admin.profile.changePassword')}
                </button>
              </div>
            </section>
          </>
        ) : null}
      </LoadStates>
      <ChangePasswordDialog open={dialog === 'password'} email={data?.email ?? ''} onClose={() => setDialog(null)} />
      <ChangeEmailDialog open={dialog === 'email'} onClose={() => setDialog(null)} />
    </section>
  );
}

/** The profile form: the draft is local until saved; a failed save keeps it and shows the server's message. */
function ProfileForm({ profile }: { profile: Profile }) {
  const { t, resources, options, toasts } = useSection();
  const appearance = profileAppearance(options);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  const { busy, error, setError, run } = useSave();
  const [pictureError, setPictureError] = useState<MessageKey | null>(null);
  const before = draftOf(profile);

  const choosePicture = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setPictureError('admin.profile.pictureNotImage');
      return;
    }
    setPictureError(null);
    readAsDataUrl(file).then(
      (url) => setDraft((d) => ({ ...d, picture: url })),
      () => setPictureError('admin.profile.pictureUnreadable'),
    );
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const update = changedFields(before, draft, (f) => appearance[f] === 'edit');
    const upload = appearance.picture === 'edit' && shouldUploadPicture(draft.picture, profile.profilePictureUrl);
    if (Object.keys(update).length === 0 && !upload) {
      setError(null);
      toasts.show(t('admin.noChanges'));
      return;
    }
    void run(
      () => resources.use(createProfileResource).saveProfile.run({ update, picture: upload ? dataUrlToBlob(draft.picture) : undefined }),
      (saved) => {
        // the saved picture is now a URL: a second save must not upload it again (AB-5.02)
        setDraft((d) => ({ ...d, picture: saved?.profilePictureUrl ?? d.picture }));
        toasts.show(t('admin.profile.saved'));
      },
    );
  };

  const pictureIsNew = draft.picture !== before.picture;
  return (
    <form className={css.form} onSubmit={save} noValidate aria-labelledby="fe-profile-details" aria-busy={busy}>
      <h3 id="fe-profile-details" className={css.subtitle}>
        {t('admin.profile.details')}
      </h3>
      {appearance.picture !== 'hidden' ? (
        <div className={css.field}>
          <span className={css.label} id="fe-profile-picture-label">
            {t('admin.profile.picture')}
          </span>
          <span className={css.toolbar}>
            {draft.picture ? (
              <img
                src={draft.picture}
                alt={t(pictureIsNew ? 'admin.profile.pictureNew' : 'admin.profile.pictureAlt')}
                width={72}
                height={72}
                className={profileCss.avatar}
                data-picture=""
              />
            ) : (
              // no picture yet: the initials in its place, named as what they stand for
              <span className={profileCss.avatar} role="img" aria-label={t('admin.profile.pictureNone')} data-initials="">
                {initialsOf(draft.name || profile.name || '', profile.email)}
              </span>
            )}
            {appearance.picture === 'edit' ? (
              <FilePicker
                label={t('admin.profile.choosePicture')}
                name="picture"
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={choosePicture}
                disabled={busy}
                describedBy="fe-profile-picture-hint"
              />
            ) : null}
          </span>
          {appearance.picture === 'edit' ? (
            <span id="fe-profile-picture-hint" className={css.hint}>
              {t('admin.profile.pictureHint')}
            </span>
          ) : null}
          {pictureError ? (
            <span className={css.fieldError} role="alert">
              {t(pictureError)}
            </span>
          ) : null}
        </div>
      ) : null}
      {PROFILE_FIELDS.filter((f) => appearance[f] !== 'hidden').map((f) => (
        <TextField
          key={f}
          label={t(`admin.profile.${f}`)}
          fieldId={`fe-profile-${f}`}
          name={f}
          type={INPUT_TYPE[f].type}
          autoComplete={INPUT_TYPE[f].autoComplete}
          value={draft[f]}
          readOnly={appearance[f] === 'viewOnly'}
          onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
        />
      ))}
      <ErrorSlot error={error} />
      <div className={css.toolbar}>
        <button type="submit" className={css.button} aria-disabled={busy}>
          {busy ? t('admin.saving') : t('admin.save')}
        </button>
      </div>
    </form>
  );
}
