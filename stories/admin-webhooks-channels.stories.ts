/**
 * The webhooks section's channels (email, SMS, Slack) and reports panels, each in its designed states, preview mode
 * (canned answers), no network: `<fe-admin-channels-story panel scenario>` (./support/channels-story.tsx) until the
 * section shows them in its tabs.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { setPreviewSlackConnected } from '../src/admin/webhooks/channels/preview.ts';
import './support/channels-story.tsx';
import { previewApp } from './support/preview-app.ts';

interface Args {
  panel: 'email' | 'sms' | 'slack' | 'reports';
  scenario: 'filled' | 'empty' | 'loading' | 'error' | 'readOnly';
  /** Slack: connected (default) or not. */
  slackConnected?: boolean;
}

// an object literal with a literal title: Storybook's static indexer reads the default export
export default {
  title: 'Admin/Webhooks/Channels and reports',
  argTypes: {
    panel: { control: 'select', options: ['email', 'sms', 'slack', 'reports'] },
    scenario: { control: 'select', options: ['filled', 'empty', 'loading', 'error', 'readOnly'] },
  },
  render: ({ panel, scenario, slackConnected = true }) => {
    setPreviewSlackConnected(slackConnected);
    const story = document.createElement('fe-admin-channels-story');
    story.setAttribute('panel', panel);
    story.setAttribute('scenario', scenario);
    return html`${keyed(`${panel}/${scenario}/${slackConnected}`, previewApp([story], { signedIn: true }))}`;
  },
} satisfies Meta<Args>;

type Story = StoryObj<Args>;

export const EmailFilled: Story = { args: { panel: 'email', scenario: 'filled' } };
export const EmailEmpty: Story = { args: { panel: 'email', scenario: 'empty' } };
export const EmailLoading: Story = { args: { panel: 'email', scenario: 'loading' } };
export const EmailFailed: Story = { args: { panel: 'email', scenario: 'error' } };
export const EmailReadOnly: Story = { args: { panel: 'email', scenario: 'readOnly' } };
export const SmsFilled: Story = { args: { panel: 'sms', scenario: 'filled' } };
export const SmsFailed: Story = { args: { panel: 'sms', scenario: 'error' } };
export const SlackConnected: Story = { args: { panel: 'slack', scenario: 'filled' } };
export const SlackNotConnected: Story = { args: { panel: 'slack', scenario: 'filled', slackConnected: false } };
export const SlackLoading: Story = { args: { panel: 'slack', scenario: 'loading' } };
export const SlackFailed: Story = { args: { panel: 'slack', scenario: 'error' } };
export const ReportsFilled: Story = { args: { panel: 'reports', scenario: 'filled' } };
export const ReportsEmpty: Story = { args: { panel: 'reports', scenario: 'empty' } };
export const ReportsLoading: Story = { args: { panel: 'reports', scenario: 'loading' } };
export const ReportsFailed: Story = { args: { panel: 'reports', scenario: 'error' } };
export const ReportsReadOnly: Story = { args: { panel: 'reports', scenario: 'readOnly' } };
