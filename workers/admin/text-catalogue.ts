/**
 * The texts an organisation may reword through `appIntl` (issue 15, point 2): every message key of
 * the pages, in English (the other locales have the same keys; en-US is the fallback of each). The
 * e-mails and the certificate are not reworded per organisation, so their namespaces are left out.
 * Imported one by one: the Worker's bundler has no glob import.
 */
import attachments from "../../app/i18n/locales/en-US/attachments.json";
import auth from "../../app/i18n/locales/en-US/auth.json";
import chat from "../../app/i18n/locales/en-US/chat.json";
import common from "../../app/i18n/locales/en-US/common.json";
import donation from "../../app/i18n/locales/en-US/donation.json";
import editor from "../../app/i18n/locales/en-US/editor.json";
import initiative from "../../app/i18n/locales/en-US/initiative.json";
import initiatives from "../../app/i18n/locales/en-US/initiatives.json";
import lookups from "../../app/i18n/locales/en-US/lookups.json";
import manage from "../../app/i18n/locales/en-US/manage.json";
import map from "../../app/i18n/locales/en-US/map.json";
import onboarding from "../../app/i18n/locales/en-US/onboarding.json";
import proposals from "../../app/i18n/locales/en-US/proposals.json";
import rankings from "../../app/i18n/locales/en-US/rankings.json";
import responsibleProfile from "../../app/i18n/locales/en-US/responsible_profile.json";
import settings from "../../app/i18n/locales/en-US/settings.json";
import shell from "../../app/i18n/locales/en-US/shell.json";
import signup from "../../app/i18n/locales/en-US/signup.json";
import terms from "../../app/i18n/locales/en-US/terms.json";

const CATALOGUE: Record<string, Record<string, string>> = {
  attachments,
  auth,
  chat,
  common,
  donation,
  editor,
  initiative,
  initiatives,
  lookups,
  manage,
  map,
  onboarding,
  proposals,
  rankings,
  responsible_profile: responsibleProfile,
  settings,
  shell,
  signup,
  terms,
};

/** Whether `key` (`"ns:key"` or a plain key some namespace has) names a text of the pages. */
export function isKnownText(key: string): boolean {
  const [ns, name] = key.includes(":") ? key.split(":", 2) : [null, key];
  if (ns !== null) return Object.hasOwn(CATALOGUE, ns) && Object.hasOwn(CATALOGUE[ns], name);
  return Object.values(CATALOGUE).some((messages) => Object.hasOwn(messages, name));
}
