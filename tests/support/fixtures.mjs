/**
 * Data a browser test creates for itself (issue 10: tests do not lean on the demo members' state),
 * through the server's development-only fixture routes (workers/dev/fixtures.ts).
 */

/**
 * A fresh member of `org` (Acme by default), confirmed, terms accepted; answers `{ id, email,
 * password, name }`. Options: name, tag (the e-mail's first part), role, language, phone (E.164),
 * org_terms_accepted, password.
 */
export async function createMember(server, { org = "acme", name = "Fixture Member", ...rest } = {}) {
  const response = await fetch(`${server.url}/dev/fixtures/member`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ org, name, ...rest }),
  });
  if (response.status !== 201) throw new Error(`POST /dev/fixtures/member answered ${response.status}: ${await response.text()}`);
  return response.json();
}
