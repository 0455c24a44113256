/** Styles of the privacy section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { style } from '@vanilla-extract/css';

/** The list of the user's MFA devices and passkeys: no bullets, 8 px apart. */
export const devices = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' });
/** The authenticator app's QR code, centred in its dialog. */
export const qrCode = style({ alignSelf: 'center' });
