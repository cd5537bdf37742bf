// Setting helpers without the request schemas: public pages import these, and pulling in
// settings.ts would ship TypeBox (~11 KB gzip) in the site's entry bundle.
import type { Setting, SettingCategory, SettingsOf } from './settings.ts';

/** A category's key/value list as one object. */
export function settingsObject<C extends SettingCategory>(list: readonly Setting[]): SettingsOf<C> {
  return Object.fromEntries(list.map((s) => [s.key, s.value])) as SettingsOf<C>;
}
