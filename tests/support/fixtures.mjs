/**
 * Data a browser test creates for itself (issue 10: tests do not lean on the demo members' state),
 * through the server's development-only fixture routes (workers/dev/fixtures.ts).
 */

/**
 * A fresh member of `org` (Acme by default), confirmed, terms accepted; answers `{ id, email,
 * password, name }`. Options: name, tag (the e-mail's first part), role, language, phone (E.164),
 * org_terms_accepted, onboarding_completed (false: the wizard is still to walk), password.
 */
export function createMember(server, { org = "acme", name = "Fixture Member", ...rest } = {}) {
  return post(server, "member", { org, name, ...rest });
}

/** A new organisation configured like `like` (Acme by default), on its own hostname: `{ id, slug, hostname }`. */
export function createOrganization(server, { like = "acme", name = "Acme" } = {}) {
  return post(server, "organization", { like, name });
}

/**
 * An initiative of `org` (Acme by default); answers `{ id, slug }`. Fields as workers/dev/initiative-fixture.ts
 * reads them: title, type, starts_in_days, ends_in_days, registration_closes_in_days, max_participants,
 * participation_method, hours_per_day, working_hours, pinned, organiser_id (the member who created it),
 * place {address, latitude, longitude},
 * indicators [{name, unit}], donation {currency, sources, transfer_iban, transfer_swift, transfer_recipient,
 * transfer_bank_name, external_url, inhand_instructions, paypal_client_id}.
 */
export function createInitiative(server, { org = "acme", ...fields }) {
  return post(server, "initiative", { org, ...fields });
}

/**
 * `member` taking part in the initiative of slug `initiative` (status accepted unless given), with
 * `records` waiting for the organiser: `{ hours }` or `{ indicator: position, value }`, oldest first.
 */
export function addParticipation(server, member, initiative, { org = "acme", status = "accepted", manager_approval = "not_needed", records = [] } = {}) {
  return post(server, "participation", { org, initiative, member_id: member.id, status, manager_approval, records });
}

/** `member`'s pledge of `amount` (major units) to the donation initiative of slug `initiative`: `{ id, confirmation_code }`. */
export function createContribution(server, member, initiative, { org = "acme", amount = 10, source = "transfer", status = "pending", comment } = {}) {
  return post(server, "contribution", { org, initiative, member_id: member.id, amount, source, status, ...(comment ? { comment } : {}) });
}

/**
 * A private chat between two members (`members`: their two ids) of `org`: `{ id }`. Messages oldest
 * first, `{ from: 0 | 1, text, sent_at }` (ms since the epoch); `read`: how many of them each member
 * has read (none by default).
 */
export function createConversation(server, { org = "acme", members, messages = [], read = [0, 0] }) {
  return post(server, "conversation", { org, members, messages, read });
}

async function post(server, fixture, body) {
  const response = await fetch(`${server.url}/dev/fixtures/${fixture}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST /dev/fixtures/${fixture} answered ${response.status}: ${await response.text()}`);
  return response.json();
}
