import type { enAdminUsage } from './en.ts';

/** German messages of the admin portal's usage texts (every key of `./en.ts`), pure data, loaded with the section. */
export const deAdminUsage: Record<keyof typeof enAdminUsage, string> = {
  'admin.usage.title': 'Nutzung',
  'admin.usage.intro': 'Was der Tarif dieses Kontos umfasst und wie viel von jedem Limit belegt ist.',
  'admin.usage.plan': 'Tarif: {plan}',
  'admin.usage.features': 'Enthaltene Funktionen',
  'admin.usage.noFeatures': 'Dieser Tarif enthält keine zusätzlichen Funktionen.',
  'admin.usage.limits': 'Limits',
  'admin.usage.noLimits': 'Dieser Tarif setzt keine Limits.',
  'admin.usage.limit': '{key, select, seats {Plätze} apiTokens {API-Tokens} ssoConnections {SSO-Verbindungen} other {{key}}}',
  'admin.usage.usedOf': '{used} von {limit} belegt',
  'admin.usage.usedUnlimited': '{used} belegt',
  'admin.usage.unlimited': 'Unbegrenzt',
  'admin.usage.meterText': '{used} von {limit} belegt ({percent} %)',
  'admin.usage.near': 'Limit fast erreicht',
  'admin.usage.reached': 'Limit erreicht – für mehr den Tarif wechseln',
  'admin.usage.upgrade': 'Tarif upgraden',
  'admin.usage.holdersFor':
    '{key, select, seats {Wer die Plätze belegt} apiTokens {Welche API-Tokens belegt sind} ssoConnections {Welche SSO-Verbindungen belegt sind} other {Was belegt ist}}',
  'admin.usage.holdersTitle': '{key, select, seats {Belegte Plätze} apiTokens {Belegte API-Tokens} ssoConnections {Belegte SSO-Verbindungen} other {Belegt}}',
  'admin.usage.number': '{value}',
  'admin.usage.field.used': 'Belegt',
  'admin.usage.field.limit': 'Limit',
  'admin.usage.field.holders': 'Belegt von',
  'admin.usage.holdersMore': '{count, plural, one {und # weiterer} other {und # weitere}}',
  'admin.usage.noPlan': 'Dieses Konto hat noch keinen Tarif.',
  'admin.usage.noPlanHint': 'Seine Funktionen und Limits erscheinen hier, sobald ein Tarif gewählt ist.',
  'admin.usage.choosePlan': 'Tarif wählen',
};
