/** Styles of the security section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { bareFieldset, cellStack, checkbox, field, form, input, label, resultList, subtitle } from '../ui/admin.css.ts';

/** The frame of a block of the tabs (a policy form, a part of the security center): a card on the section's surface, at most 720 px wide. */
export const card = style({ border: `1px solid ${theme.color.border}`, borderRadius: theme.radius, padding: '16px', maxWidth: '720px' });
/** A number field of a policy: as wide as a few digits. */
export const numberInput = style([input, { maxWidth: '12em' }]);
/** A group of radio choices (a policy's options): a plain fieldset, the choices 8 px apart. */
export const choices = style([form, bareFieldset, { gap: '8px' }]);
/** The legend of a group of {@link choices} that names a policy (session management). */
export const choicesTitle = style([subtitle, { fontSize: '1em', marginBottom: '8px' }]);
/** The legend of a group of {@link choices} that names a setting (who must use MFA). */
export const choicesLabel = style([label, { marginBottom: '8px' }]);
/** The MFA choice's radio, on its label's first line. */
export const mfaRadio = style([checkbox, { marginTop: '2px' }]);
/** A group of the restriction tabs: a plain fieldset that may shrink. */
export const restrictionGroup = style([field, bareFieldset, { minWidth: 0 }]);
/** A restriction tab's radio, on its label's first line. */
export const restrictionRadio = style([checkbox, { marginTop: '0.15em', flex: 'none' }]);
/** The recommendations of the security center: a list without a height limit, 16 px apart. */
export const recommendations = style([resultList, { maxHeight: 'none', gap: '16px' }]);
/** The insights of the security center: a list without a height limit. */
export const insights = style([resultList, { maxHeight: 'none' }]);
/** The security score: its label, meter and band, 8 px apart. */
export const score = style([cellStack, { gap: '8px' }]);
/** The score's meter: 240 px wide at most, 16 px high. */
export const scoreMeter = style({ width: '240px', maxWidth: '100%', height: '16px' });
/** One recommendation: its title, text and action, 4 px apart. */
export const recommendation = style([cellStack, { gap: '4px' }]);
/** A recommendation's action and its result, at the start side. */
export const recommendationAction = style([cellStack, { gap: '4px', alignItems: 'flex-start' }]);
