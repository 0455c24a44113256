/**
 * The profile form's rules (admin spec §3 "Profile fields", §4 "profile picture"; SI-3.07, AB-5.02, AB-7.28), pure:
 * which fields a save sends, and when a picture is uploaded.
 */
import type { Profile, ProfileUpdate } from '../../api/admin-types.ts';
import { fieldAppearance, type AdminPortalOptions, type FieldAppearance } from '../shell/ids.ts';

/** The text fields of the form, in order (SI-3.07; the picture is its own field, {@link PICTURE_FIELD}). */
export const PROFILE_FIELDS = ['name', 'phoneNumber', 'address', 'jobTitle'] as const;
/** A text field of the form. */
export type ProfileField = (typeof PROFILE_FIELDS)[number];
/** The appearance key of the picture (`options.adminPortal.profile.fields.picture`). */
export const PICTURE_FIELD = 'picture';

/** What the form holds: each text field, and the picture (a URL or, once chosen, a `data:image/…;base64,` URL). */
export type ProfileDraft = Record<ProfileField, string> & { picture: string };

/** The draft of a loaded profile (absent fields are empty). */
export function draftOf(profile: Profile | undefined): ProfileDraft {
  return {
    name: profile?.name ?? '',
    phoneNumber: profile?.phoneNumber ?? '',
    address: profile?.address ?? '',
    jobTitle: profile?.jobTitle ?? '',
    picture: profile?.profilePictureUrl ?? '',
  };
}

/** The appearance of each field of the profile section (SI-2.35): hidden, viewOnly or edit (the default). */
export function profileAppearance(options: AdminPortalOptions): Record<ProfileField | typeof PICTURE_FIELD, FieldAppearance> {
  const out = { picture: fieldAppearance(options, 'profile', PICTURE_FIELD) } as Record<ProfileField | typeof PICTURE_FIELD, FieldAppearance>;
  for (const f of PROFILE_FIELDS) out[f] = fieldAppearance(options, 'profile', f);
  return out;
}

/**
 * The body of `PUT users/v2/me` (AB-7.28): only the text fields that are editable and changed, trimmed (an emptied
 * field is sent as `''`, which clears it). The picture is not in it (see {@link shouldUploadPicture}). `{}` = nothing
 * to send.
 */
export function changedFields(before: ProfileDraft, after: ProfileDraft, editable: (field: ProfileField) => boolean = () => true): ProfileUpdate {
  const out: ProfileUpdate = {};
  for (const f of PROFILE_FIELDS) {
    const next = after[f].trim();
    if (editable(f) && next !== before[f].trim()) out[f] = next;
  }
  return out;
}

/** A base64 image data URL (`data:image/png;base64,…`). */
const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/]+=*$/i;

/**
 * AB-5.02: a profile picture is uploaded only if it is a base64 image data URL (`data:image/<type>;base64,<data>`)
 * and differs from the current one. Anything else (an http URL, '' , another data URL kind) is not uploaded.
 */
export function shouldUploadPicture(next: string, current: string | null | undefined): boolean {
  return IMAGE_DATA_URL.test(next) && next !== (current ?? '');
}

/** The bytes of a base64 data URL as a Blob of its media type (the image call sends it as the form's `image` file). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'application/octet-stream';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Reads a chosen file as a data URL (FileReader, AB-5.02: preview first, upload on save). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * The initials of the picture placeholder: the first letter of the first and last word of `name` ("Ada King
 * Lovelace" → "AL", "ada" → "A"), else of `email` ("ada@acme.test" → "A"), upper-cased; whole characters (an emoji or
 * an accented letter stays one). '' when both are empty.
 */
export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (w: string | undefined) => (w ? Array.from(w)[0] : '');
  const letters = words.length ? first(words[0]) + (words.length > 1 ? first(words[words.length - 1]) : '') : first(email.trim());
  return letters.toLocaleUpperCase();
}
