/**
 * A donation's parameters (SPEC.md section 3, donation_params): currency and target, the ways to
 * give (bank transfer, in hand, an external page, PayPal), what each needs, and whether gifts are
 * tax deductible. Transfer details follow the organisation's region: the Brazilian set for BR, the
 * IBAN set elsewhere.
 */
import { DONATION_SOURCES } from "~/domain/initiatives";
import { CURRENCIES, type DonationInput } from "~/domain/initiatives/editor";
import { useTranslation } from "~/i18n/react";
import { CheckboxInput, ChoiceGroup, EditorSection, SelectInput, TextArea, TextInput } from "./editor-parts";

export function EditorDonation({ initial, region, currency }: { initial: Partial<DonationInput> | null; region: string | null; currency: string }) {
  const { t } = useTranslation("editor");
  const value = (name: keyof DonationInput) => {
    const given = initial?.[name];
    return typeof given === "string" || typeof given === "number" ? String(given) : "";
  };
  const field = (name: keyof DonationInput) => `donation_params.${name}`;
  const brazil = (region ?? "").toUpperCase() === "BR";
  return (
    <EditorSection id="editor-donation" title={t("section_donation")}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectInput
          name={field("currency")}
          errorNames={["donation_params"]}
          label={t("field_currency")}
          defaultValue={initial?.currency ?? currency}
          options={CURRENCIES.map((code) => ({ value: code, label: code }))}
        />
        <TextInput name={field("target_amount")} label={t("field_target")} inputMode="decimal" defaultValue={value("target_amount")} hint={t("field_target_hint")} />
      </div>
      <CheckboxInput name={field("show_target_amount")} label={t("field_show_target")} defaultChecked={initial?.show_target_amount ?? false} />
      <ChoiceGroup
        name={field("sources")}
        legend={t("field_sources")}
        choices={DONATION_SOURCES.map((source) => ({ value: source, label: t(`source_${source}`) }))}
        chosen={initial?.sources ?? []}
      />
      <TextInput name={field("external_url")} type="url" label={t("field_external_url")} defaultValue={value("external_url")} placeholder="https://" hint={t("field_external_url_hint")} />
      <TextArea name={field("inhand_instructions")} label={t("field_inhand")} defaultValue={value("inhand_instructions")} rows={3} maxLength={2000} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">{t("field_transfer")}</legend>
        {brazil ? (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextInput name={field("br_transfer_bank")} label={t("field_br_bank")} defaultValue={value("br_transfer_bank")} />
            <TextInput name={field("br_transfer_agency")} label={t("field_br_agency")} defaultValue={value("br_transfer_agency")} />
            <TextInput name={field("br_transfer_account")} label={t("field_br_account")} defaultValue={value("br_transfer_account")} />
            <TextInput name={field("br_transfer_cpf")} label={t("field_br_cpf")} defaultValue={value("br_transfer_cpf")} />
            <TextInput name={field("br_transfer_cnpj")} label={t("field_br_cnpj")} defaultValue={value("br_transfer_cnpj")} />
            <TextArea name={field("br_transfer_guidelines")} label={t("field_br_guidelines")} defaultValue={value("br_transfer_guidelines")} rows={2} />
          </div>
        ) : (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextInput name={field("transfer_bank_name")} label={t("field_bank_name")} defaultValue={value("transfer_bank_name")} />
            <TextInput name={field("transfer_recipient")} label={t("field_recipient")} defaultValue={value("transfer_recipient")} />
            <TextInput name={field("transfer_iban")} label={t("field_iban")} defaultValue={value("transfer_iban")} autoComplete="off" />
            <TextInput name={field("transfer_swift")} label={t("field_swift")} defaultValue={value("transfer_swift")} autoComplete="off" />
            <TextInput name={field("transfer_concept")} label={t("field_concept")} defaultValue={value("transfer_concept")} />
          </div>
        )}
      </fieldset>
      <CheckboxInput name={field("tax_deductible")} label={t("field_tax_deductible")} defaultChecked={initial?.tax_deductible ?? false} />
    </EditorSection>
  );
}
