import { describe, expect, it } from "vitest";
import { renderProposalDigest } from "../../workers/email/digest";
import { emailText, renderEmail } from "../../workers/email/templates";

describe("emailText", () => {
  it("writes the message, the link, the notes and the footer after the signature separator", () => {
    const text = emailText({ paragraphs: ["Hello", "Body"], button: { href: "https://x.example/a", label: "Open" }, notes: ["Note 1", "Note 2"], footer: ["Footer"] });
    expect(text).toBe("Hello\n\nBody\n\nOpen: https://x.example/a\n\nNote 1\nNote 2\n\n--\nFooter\n");
    expect(emailText({ paragraphs: ["Body"], button: { href: "/b", label: "Go" }, footer: ["Why", "Footer"] })).toBe("Body\n\nGo: /b\n\n--\nWhy\nFooter\n");
  });

  it("keeps the shape of the account e-mails and the digest", () => {
    const invitation = renderEmail("email_confirmation", "en-US", { name: "Marta", organization: "Acme", hours: 24, link: "https://acme.example/x" }).text;
    expect(invitation).toMatch(/^.+\n\n.+\n\n.+: https:\/\/acme\.example\/x\n\n.+\n.+\n\n--\n.+\n$/);
    const digest = renderProposalDigest("en-US", { organization: "Acme", waiting: 2, titles: ["One", "Two"], link: "https://acme.example/m" }).text;
    expect(digest).toMatch(/^.+\n\n- One\n- Two\n\n.+: https:\/\/acme\.example\/m\n\n--\n.+\n$/);
  });
});
