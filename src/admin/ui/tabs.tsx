/**
 * Tabs of the admin portal (architecture "Admin portal" ui/: Tabs on react-aria-components, styled by admin.css.ts's
 * `tabs` / `tabList` / `tab` classes): a labelled `tablist`, arrow keys move between tabs, Home/End jump, each panel
 * a `tabpanel` labelled by its tab. Used by the account section (settings | customLogin, SI-2.34) and the API tokens
 * sections (client credentials | access tokens, AB-3.10). Hidden tabs (SI-2.36) are simply not passed.
 */
import type { Key, ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import * as css from './admin.css.ts';

/** One tab: its id, visible label and panel content. */
export interface AdminTab {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * A tab set. `label` names the tab list; `selected` / `onSelect` make it controlled (else the first tab starts
 * selected). Renders nothing without tabs.
 */
export function AdminTabs({ label, tabs, selected, onSelect }: { label: string; tabs: AdminTab[]; selected?: string; onSelect?: (id: string) => void }) {
  if (tabs.length === 0) return null;
  return (
    <Tabs className={css.tabs} selectedKey={selected} onSelectionChange={onSelect ? (key: Key) => onSelect(String(key)) : undefined}>
      <TabList className={css.tabList} aria-label={label}>
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className={css.tab}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id}>
          {tab.content}
        </TabPanel>
      ))}
    </Tabs>
  );
}
