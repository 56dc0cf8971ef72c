/**
 * Which plural form a count takes in a locale (docs/decisions/010-plural-forms.md): the locale's CLDR
 * rules, built into every browser and workerd, with one correction. CLDR's Portuguese rule puts 0 with
 * 1 ("i = 0..1"), but a Brazilian reader counts zero in the plural: "0 horas", not "0 hora".
 */
export function pluralRule(locale: string): (count: number) => Intl.LDMLPluralRule {
  const rules = new Intl.PluralRules(locale);
  const zeroIsPlural = locale === "pt-BR";
  return (count) => (zeroIsPlural && count === 0 ? "other" : rules.select(count));
}
