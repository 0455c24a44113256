/**
 * `<fe-admin-portal>`: the whole portal in preview mode (canned data, the preview user signed in, no network) —
 * the default navigation, and with the sections a host turns on (roles, groups, API tokens) through
 * `options.adminPortal`. `routing="none"` leaves the story's URL alone; the `section` control opens a section.
 * Each section's designed states are in the `Admin/<section>` stories.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { action } from 'storybook/actions';
import '../elements/fe-admin-portal.ts';
import type { AdminPortalOptions } from '../src/admin/shell/ids.ts';
import { previewApp } from './support/preview-app.ts';

interface Args {
  /** The section shown first (empty: the first visible one). */
  section: string;
  /** Roles, groups and API tokens listed too (the host's `options.adminPortal`). */
  allSections: boolean;
  /** The host's primary colour (the `--fe-color-primary` control, set on the story's wrapper). */
  '--fe-color-primary'?: string;
}

/** A phone (issue 21 item 8): the viewport of the narrow layout stories. */
const PHONE = { phone390: { name: 'Phone 390×844', styles: { width: '390px', height: '844px' }, type: 'mobile' } };
const phone = { viewport: { value: 'phone390', isRotated: false } };

const onSectionChange = action('fe-admin-section-change');
const everySection: AdminPortalOptions = { roles: { visibility: 'byPermissions' }, groups: { visibility: 'byPermissions' }, apiTokens: { visibility: 'byPermissions' } };

// an object literal with a literal title: Storybook's static indexer reads the default export
const meta: Meta<Args> = {
  title: 'Admin/fe-admin-portal',
  component: 'fe-admin-portal',
  parameters: { layout: 'fullscreen', viewport: { options: PHONE } },
  args: { section: '', allSections: false },
  argTypes: { section: { control: 'select', options: ['', 'profile', 'privacy', 'account', 'users', 'groups', 'roles', 'apiTokens'] } },
  render: ({ section, allSections }) => {
    const portal = document.createElement('fe-admin-portal');
    portal.setAttribute('routing', 'none');
    if (section) portal.setAttribute('section', section);
    portal.addEventListener('fe-admin-section-change', (e) => onSectionChange(e.detail));
    return previewApp([portal], { signedIn: true, options: allSections ? { adminPortal: everySection } : undefined });
  },
};
export default meta;
type Story = StoryObj<Args>;

/** The default navigation (users, profile, privacy, account) on the first visible section. */
export const Portal: Story = {};
/** Roles, groups and API tokens turned on by the host, the roles section open. */
export const EverySection: Story = { args: { allSections: true, section: 'roles' } };
/** A link to a section that is hidden here (roles, by default), not permitted or unknown: "This section is not available", a way back. */
export const NotAvailable: Story = { args: { section: 'roles' } };

/** Narrow screen (390×844): the sections are one "Sections: <current>" button that opens them as a menu; forms and dialogs fit. */
export const Narrow: Story = { args: { section: 'profile' }, globals: phone };
/** Narrow screen, the users section: the table in the narrow frame. */
export const NarrowUsers: Story = { args: { section: 'users' }, globals: phone };
/**
 * A host's crimson primary (#dc143c) in the dark scheme on a phone: the text on primary buttons and the current
 * section are chosen by contrast (4.5:1), as for any host colour (issue 21 item 6).
 */
export const NarrowCrimsonDark: Story = { args: { section: 'account', '--fe-color-primary': '#dc143c' }, globals: { ...phone, theme: 'dark' } };
/** A host's crimson primary at full width in the light scheme (switch the toolbar's theme for the dark one). */
export const Crimson: Story = { args: { section: 'profile', '--fe-color-primary': '#dc143c' } };
